import { describe, expect, it } from "vitest";
import { z } from "zod";
import { underPlatformSignal, withPlatformSignal } from "@/lib/platform/cancellation";
import type { PlatformLogLine } from "@/lib/platform/logging";
import { createPlatformRequester } from "@/lib/platform/request";

/** A cancelled download (issue 36) aborts the platform call in flight and sends no other, retries included. */
const BASE = "https://platform.example.test";
const endpoints = {
  "users.get": { method: "GET", path: "/public-api/resources/users/v1.0/{id}", idempotent: true },
} as const;

function hangingPlatform() {
  const sent: URL[] = [];
  const aborted: URL[] = [];
  const lines: PlatformLogLine[] = [];
  const fetch = ((input: URL, init?: RequestInit) => {
    sent.push(new URL(String(input)));
    return new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener("abort", () => {
        aborted.push(new URL(String(input)));
        reject(new DOMException("aborted", "AbortError"));
      });
    });
  }) as typeof globalThis.fetch;
  const requester = createPlatformRequester({
    baseUrl: BASE,
    apiKey: "k",
    fetch,
    timeoutMs: 60_000,
    maxRetries: 3,
    retryCapMs: 10,
    sleep: async () => undefined,
    logger: (line) => lines.push(line),
    endpoints: endpoints as never,
  });
  const call = () => requester.request({ endpoint: "users.get" as never, params: { id: 1 }, schema: z.unknown() });
  return { sent, aborted, lines, call };
}

describe("a platform call under a download's signal", () => {
  it("is aborted in flight when the download is cancelled, without a retry", async () => {
    const platform = hangingPlatform();
    const controller = new AbortController();
    const pending = withPlatformSignal(controller.signal, platform.call);
    await expect.poll(() => platform.sent.length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(platform.aborted).toHaveLength(1);
    // An idempotent GET is retried after a network error; a cancel is not one.
    expect(platform.sent).toHaveLength(1);
    expect(platform.lines.at(-1)?.outcome).toBe("cancelled");
  });

  it("is never sent once the download is cancelled", async () => {
    const platform = hangingPlatform();
    const controller = new AbortController();
    controller.abort();
    await expect(withPlatformSignal(controller.signal, platform.call)).rejects.toMatchObject({ name: "AbortError" });
    expect(platform.sent).toHaveLength(0);
  });

  it("outside a download runs as before: only its own timeout ends it", async () => {
    const platform = hangingPlatform();
    const controller = new AbortController();
    const elsewhere = withPlatformSignal(controller.signal, () => Promise.resolve());
    controller.abort();
    await elsewhere;
    const pending = platform.call();
    await expect.poll(() => platform.sent.length).toBe(1);
    expect(platform.aborted).toHaveLength(0);
    void pending.catch(() => undefined);
  });

  it("reaches the calls a generator makes step by step, and stops the generator", async () => {
    const platform = hangingPlatform();
    const controller = new AbortController();
    let steps = 0;
    async function* walk() {
      for (;;) {
        steps += 1;
        yield await platform.call();
      }
    }
    const consumed = (async () => {
      for await (const _ of underPlatformSignal(controller.signal, walk())) void _;
    })();
    await expect.poll(() => platform.sent.length).toBe(1);
    controller.abort();
    await expect(consumed).rejects.toMatchObject({ name: "AbortError" });
    expect(platform.aborted).toHaveLength(1);
    expect(steps).toBe(1);
  });
});
