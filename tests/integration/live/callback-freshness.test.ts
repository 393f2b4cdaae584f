import { createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID } from "@/emulators/platform";
import type { OpenedDatabase } from "@/lib/core/db/connect";
import { platformCallbacks } from "@/lib/core/db/schema";
import { CALLBACK_CLOCK_SKEW_SECONDS, callbackFreshness } from "@/lib/features/live/callback-freshness";
import { receivePlatformCallback, type CallbackDeps } from "@/lib/features/live/receive-callback";
import type { PlatformEvent } from "@/lib/platform/notification-types";
import { openTestDatabase } from "@/tests/support/test-db";

/**
 * Issue 33, R4-6: a freshness window on the callbacks' X-Timestamp. A signed body sent again years later is refused
 * and changes nothing; a platform clock a little off is tolerated; inside the window a repeat is refused by its digest.
 */
const KEY = "freshness-test-key";
const WINDOW_SECONDS = 300;
const NOW = new Date("2026-11-27T12:00:00Z");

let opened: OpenedDatabase;
let clock = NOW;
let delivered: PlatformEvent[] = [];

const deps = (): CallbackDeps => ({
  db: async () => opened.db,
  keys: async () => [KEY],
  later: (task) => void task(),
  deliver: async (event) => void delivered.push(event),
  now: () => clock,
});

const balanceChanged = (balance: number) =>
  JSON.stringify({
    notification: "userBalance.changed",
    debit: 0,
    credit: balance,
    updatedBalance: balance,
    userId: DEMO_DRIVER_ID,
    currency: "EUR",
    type: "add_to_balance",
    transactionId: null,
    timestamp: "2026-11-27T12:00:00Z",
    lastUpdatedAt: "2026-11-27T12:00:00Z",
  });

/** Posts `body` signed with the key, sent at `sentAt` (Unix seconds, as X-Timestamp); the status. */
async function post(body: string, sentAt?: number | string): Promise<number> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-signature": createHmac("sha256", KEY).update(body).digest("hex"),
  };
  if (sentAt !== undefined) headers["x-timestamp"] = String(sentAt);
  const response = await receivePlatformCallback(
    new Request("http://localhost/api/platform/callbacks", { method: "POST", headers, body }),
    deps(),
  );
  return response.status;
}

const unix = (date: Date, plusSeconds = 0) => Math.floor(date.getTime() / 1000) + plusSeconds;
const takenDigests = async () => (await opened.db.select().from(platformCallbacks)).length;

beforeAll(async () => {
  opened = await openTestDatabase();
});
afterAll(() => opened.close());
beforeEach(async () => {
  clock = NOW;
  delivered = [];
  await opened.db.delete(platformCallbacks);
});

describe("R4-6: the callbacks' freshness window", () => {
  it("a signed body with an X-Timestamp of 2001 is refused: nothing taken, stored or delivered", async () => {
    expect(await post(balanceChanged(1), unix(new Date("2001-09-09T01:46:40Z")))).toBe(401);
    expect(await takenDigests()).toBe(0);
    expect(delivered).toEqual([]);
  });

  it("tolerates a platform clock a little off: up to the window old and a minute ahead", async () => {
    expect(await post(balanceChanged(2), unix(NOW, -(WINDOW_SECONDS - 1)))).toBe(202);
    expect(await post(balanceChanged(3), unix(NOW, CALLBACK_CLOCK_SKEW_SECONDS - 5))).toBe(202);
    expect(await post(balanceChanged(4), unix(NOW) * 1000)).toBe(202);
    expect(await post(balanceChanged(5), unix(NOW, -(WINDOW_SECONDS + 1)))).toBe(401);
    expect(await post(balanceChanged(6), unix(NOW, CALLBACK_CLOCK_SKEW_SECONDS + 60))).toBe(401);
    expect(delivered).toHaveLength(3);
  });

  it("refuses a repeat inside the window by its digest, and the same body after the window by its age", async () => {
    const body = balanceChanged(7);
    const sentAt = unix(NOW);
    expect(await post(body, sentAt)).toBe(202);
    clock = new Date(NOW.getTime() + 60_000);
    expect(await post(body, sentAt)).toBe(202);
    expect(delivered).toHaveLength(1);
    clock = new Date(NOW.getTime() + (WINDOW_SECONDS + 1) * 1000);
    expect(await post(body, sentAt)).toBe(401);
    expect(delivered).toHaveLength(1);
    expect(await takenDigests()).toBe(1);
  });

  it("takes a callback without X-Timestamp (the window applies when one is sent); an unreadable one is a 400", async () => {
    expect(await post(balanceChanged(8))).toBe(202);
    for (const bad of ["yesterday", "-5", "1.5e9", " ", "17000000000000"])
      expect(await post(balanceChanged(9), bad), JSON.stringify(bad)).toBe(400);
    expect(delivered).toHaveLength(1);
  });

  it("reads the window from the setting", () => {
    const sentAt = String(unix(NOW, -600));
    expect(callbackFreshness(sentAt, NOW, 300)).toBe("stale");
    expect(callbackFreshness(sentAt, NOW, 900)).toBe("fresh");
  });
});
