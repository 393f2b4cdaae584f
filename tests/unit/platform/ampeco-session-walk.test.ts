import { describe, expect, it } from "vitest";
import { sessionsNewestFirst } from "@/lib/platform/dialects/ampeco/session-walk";
import type { PlatformCall, PlatformRequester, PlatformResponse } from "@/lib/platform/request";

/**
 * A platform whose date windows hold nothing, while a read without a lower bound keeps offering two sessions
 * without a start time (the schema allows startedAt null): the walk can place neither, so each round widens.
 */
function platformWithUnplacedSessions(): PlatformRequester & { reads: number } {
  const unplaced = [
    { id: "s1", status: "finished", startedAt: null },
    { id: "s2", status: "finished", startedAt: null },
  ];
  return {
    baseUrl: "http://platform.test",
    reads: 0,
    async request(call: PlatformCall & { schema?: { parse(body: unknown): unknown } }) {
      this.reads += 1;
      const windowed = call.query?.["filter[startedAfter]"] !== undefined;
      const body = { data: windowed ? [] : unplaced, links: { next: null } };
      return { status: 200, data: call.schema?.parse(body), headers: new Headers() } as PlatformResponse<never>;
    },
  } as PlatformRequester & { reads: number };
}

describe("the ampeco session walk", () => {
  it("ends at 1970 instead of failing on dates JavaScript cannot write, when sessions cannot be placed", async () => {
    const platform = platformWithUnplacedSessions();
    const pages = [];
    for await (const page of sessionsNewestFirst(platform, { "filter[userId]": 1 }, {}, Date.UTC(2026, 10, 27)))
      pages.push(page);
    expect(pages).toEqual([]);
    expect(platform.reads).toBeLessThan(60);
  });
});
