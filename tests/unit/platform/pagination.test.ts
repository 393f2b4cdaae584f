import { describe, expect, it } from "vitest";
import { PlatformResponseError } from "@/lib/platform/errors";
import { BASE, KEY, caught, harness, listJson, reply, sessionJson } from "./fake-platform";

const SESSIONS = `${BASE}/public-api/resources/sessions/v1.0`;
const TOKENS = `${BASE}/public-api/resources/tokens/v1.0`;
const card = (id: number) => ({
  id,
  userId: 734519,
  code: `04A${id}`,
  visualNumber: null,
  type: "rfid",
  status: "active",
  createdAt: null,
});

describe("listSessions", () => {
  it("sends filter[userId], page, per_page and the optional filters only when given", async () => {
    const h = harness([reply(listJson([sessionJson()], null))]);
    await h.client.sessions.listSessions({ userId: 734519, page: 2, perPage: 25 });
    expect([...(h.requests[0]?.url.searchParams.entries() ?? [])]).toEqual([
      ["filter[userId]", "734519"],
      ["page", "2"],
      ["per_page", "25"],
    ]);
    await h.client.sessions.listSessions({
      userId: 734519,
      status: "finished",
      startedAfter: "2026-01-01T00:00:00Z",
      startedBefore: "2026-02-01T00:00:00Z",
    });
    const q = h.requests[1]?.url.searchParams;
    expect(q?.get("filter[status]")).toBe("finished");
    expect(q?.get("filter[startedAfter]")).toBe("2026-01-01T00:00:00Z");
    expect(q?.get("filter[startedBefore]")).toBe("2026-02-01T00:00:00Z");
    expect(q?.has("page")).toBe(false);
  });

  it("maps meta to a Page", async () => {
    const h = harness([
      reply(listJson([sessionJson()], `${SESSIONS}?page=2`, { current_page: 1, last_page: 4, per_page: 1, total: 4 })),
      reply(listJson([sessionJson()], null, { current_page: 4, last_page: 4, per_page: 1, total: 4 })),
    ]);
    expect(await h.client.sessions.listSessions({ userId: 1 })).toMatchObject({
      page: 1,
      perPage: 1,
      total: 4,
      lastPage: 4,
      hasNext: true,
    });
    expect(await h.client.sessions.listSessions({ userId: 1 })).toMatchObject({ page: 4, hasNext: false });
  });
});

describe("following links.next", () => {
  it("iterateSessions yields across pages lazily, with the same auth on every page", async () => {
    const h = harness([
      reply(
        listJson(
          [sessionJson({ id: 1 }), sessionJson({ id: 2 })],
          `${SESSIONS}?filter%5BuserId%5D=734519&page=2&per_page=2`,
        ),
      ),
      reply(listJson([sessionJson({ id: 3 })], null)),
    ]);
    const iterator = h.client.sessions.iterateSessions({ userId: 734519 }, { perPage: 2 });
    expect(h.requests).toHaveLength(0);
    expect((await iterator.next()).value?.id).toBe("1");
    expect(h.requests).toHaveLength(1);
    expect(h.requests[0]?.url.searchParams.get("per_page")).toBe("2");
    expect((await iterator.next()).value?.id).toBe("2");
    expect(h.requests).toHaveLength(1);
    expect((await iterator.next()).value?.id).toBe("3");
    expect(h.requests).toHaveLength(2);
    expect(h.requests[1]?.url.href).toBe(`${SESSIONS}?filter%5BuserId%5D=734519&page=2&per_page=2`);
    expect(h.requests[1]?.headers.get("authorization")).toBe(`Bearer ${KEY}`);
    expect((await iterator.next()).done).toBe(true);
    expect(h.lines.map((l) => l.path)).toEqual([
      "/public-api/resources/sessions/v1.0",
      "/public-api/resources/sessions/v1.0",
    ]);
  });

  it("defaults iterateSessions to 100 per page", async () => {
    const h = harness([reply(listJson([], null))]);
    for await (const _ of h.client.sessions.iterateSessions({ userId: 1 })) void _;
    expect(h.requests[0]?.url.searchParams.get("per_page")).toBe("100");
  });

  it("listAllCards collects every page", async () => {
    const h = harness([
      reply(listJson([card(1), card(2)], `${TOKENS}?page=2`)),
      reply(listJson([card(3)], `${TOKENS}?page=3`)),
      reply(listJson([], null)),
    ]);
    const cards = await h.client.cards.listAllCards({ userId: 734519, status: "active" });
    expect(cards.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(h.requests[0]?.url.searchParams.get("filter[userId]")).toBe("734519");
    expect(h.requests[0]?.url.searchParams.get("filter[status]")).toBe("active");
  });

  it.each([
    ["another host", "https://evil.example/public-api/resources/tokens/v1.0?page=2"],
    [
      "a host that only ends like the platform's",
      "https://evil-platform.example.test/public-api/resources/tokens/v1.0?page=2",
    ],
    ["a path outside the API", "https://platform.example.test/other/tokens/v1.0?page=2"],
  ])("refuses a next link to %s and never sends the key there", async (_label, next) => {
    const h = harness([reply(listJson([card(1)], next)), reply(listJson([], null))]);
    const error = await caught(h.client.cards.listAllCards({ userId: 734519 }));
    expect(error).toBeInstanceOf(PlatformResponseError);
    expect((error as Error).message).toContain("tokens.list");
    expect((error as Error).message).not.toContain("evil");
    expect(h.requests).toHaveLength(1);
  });

  it.each([
    ["another scheme", "http://platform.example.test/public-api/resources/tokens/v1.0?page=2"],
    ["another port", "https://platform.example.test:8443/public-api/resources/tokens/v1.0?page=2"],
    ["the host in capitals", "https://PLATFORM.example.test/public-api/resources/tokens/v1.0?page=2"],
    ["a relative link", "/public-api/resources/tokens/v1.0?page=2"],
  ])(
    "issue 24: follows a next link written with %s, sending path and query to the configured origin only",
    async (_label, next) => {
      const h = harness([reply(listJson([card(1)], next)), reply(listJson([card(2)], null))]);
      const cards = await h.client.cards.listAllCards({ userId: 734519 });
      expect(cards.map((c) => c.id)).toEqual([1, 2]);
      expect(h.requests.map((r) => r.url.origin)).toEqual([BASE, BASE]);
      expect(h.requests[1]?.url.pathname).toBe("/public-api/resources/tokens/v1.0");
      expect(h.requests[1]?.url.searchParams.get("page")).toBe("2");
      expect(h.requests[1]?.headers.get("authorization")).toBe(`Bearer ${KEY}`);
    },
  );

  it("issue 24: a base URL with a trailing slash or a path prefix keeps its links under that prefix", async () => {
    const prefixed = `${BASE}/tenant/`;
    const h = harness(
      [reply(listJson([card(1)], `${BASE}/tenant/public-api/resources/tokens/v1.0?page=2`)), reply(listJson([], null))],
      { baseUrl: prefixed },
    );
    await h.client.cards.listAllCards({ userId: 734519 });
    expect(h.requests.map((r) => r.url.pathname)).toEqual([
      "/tenant/public-api/resources/tokens/v1.0",
      "/tenant/public-api/resources/tokens/v1.0",
    ]);
    const outside = harness([reply(listJson([card(1)], `${BASE}/public-api/resources/tokens/v1.0?page=2`))], {
      baseUrl: prefixed,
    });
    expect(await caught(outside.client.cards.listAllCards({ userId: 734519 }))).toBeInstanceOf(PlatformResponseError);
    expect(outside.requests).toHaveLength(1);
  });

  it("stops at the page cap with an error rather than silently truncating", async () => {
    let n = 0;
    const h = harness([() => reply(listJson([card(++n)], `${TOKENS}?page=${n + 1}`))]);
    const error = await caught(h.client.cards.listAllCards({}, { maxPages: 3 }));
    expect(error).toBeInstanceOf(PlatformResponseError);
    expect(h.requests).toHaveLength(3);
  });

  it("refuses a next link that loops back", async () => {
    const h = harness([reply(listJson([card(1)], `${TOKENS}?page=2`)), reply(listJson([card(2)], `${TOKENS}?page=2`))]);
    expect(await caught(h.client.cards.listAllCards())).toBeInstanceOf(PlatformResponseError);
    expect(h.requests).toHaveLength(2);
  });
});
