import { afterEach, describe, expect, it, vi } from "vitest";
import { FetchError, jsonFetcher } from "@/lib/core/swr-fetcher";

const wording = { offline: "offline words", failed: (status: number) => `failed ${status}` };

function answer(status: number, body: string) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body, { status, headers: { "content-type": "application/json" } })),
  );
}

async function rejection(promise: Promise<unknown>): Promise<FetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("jsonFetcher", () => {
  it("returns the JSON body, asking for JSON", async () => {
    answer(200, JSON.stringify({ sessions: [] }));
    await expect(jsonFetcher({ wording })("/api/x")).resolves.toEqual({ sessions: [] });
    expect(fetch).toHaveBeenCalledWith("/api/x", { headers: { accept: "application/json" } });
  });

  it("bypasses the browser cache when asked", async () => {
    answer(200, "{}");
    await jsonFetcher({ wording, noStore: true })("/api/x");
    expect(fetch).toHaveBeenCalledWith("/api/x", { headers: { accept: "application/json" }, cache: "no-store" });
  });

  it("carries the status and the portal's own error words", async () => {
    answer(429, JSON.stringify({ error: "The charging service is busy." }));
    const error = await rejection(jsonFetcher({ wording })("/api/x"));
    expect({ status: error.status, message: error.message }).toEqual({
      status: 429,
      message: "The charging service is busy.",
    });
  });

  it("falls back to the hook's wording when the answer has no words", async () => {
    answer(503, "<html>proxy error</html>");
    const error = await rejection(jsonFetcher({ wording })("/api/x"));
    expect({ status: error.status, message: error.message }).toEqual({ status: 503, message: "failed 503" });
  });

  it("reports status 0 and the offline words when the request never arrives", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const error = await rejection(jsonFetcher({ wording })("/api/x"));
    expect({ status: error.status, message: error.message }).toEqual({ status: 0, message: "offline words" });
  });

  it("picks the part the hook wants, and a missing part is a failed read", async () => {
    const fetchBalance = jsonFetcher({ wording, pick: (body) => (body as { balance?: number }).balance });
    answer(200, JSON.stringify({ balance: 12 }));
    await expect(fetchBalance("/api/b")).resolves.toBe(12);
    answer(200, JSON.stringify({}));
    const error = await rejection(fetchBalance("/api/b"));
    expect({ status: error.status, message: error.message }).toEqual({ status: 200, message: "failed 200" });
  });
});
