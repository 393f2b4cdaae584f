import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import type { DriverViewer } from "@/lib/core/auth/guards";
import { announceSessionsEnded } from "@/lib/core/auth/sessions-ended";
import type { OpenedDatabase } from "@/lib/core/db/connect";
import { liveEvents, liveStreams, sessions, users } from "@/lib/core/db/schema";
import { createLiveBus, type LiveBus } from "@/lib/features/live/bus";
import { HEARTBEAT_MS, type StreamDeps } from "@/lib/features/live/stream";
import { openDriverStream } from "@/lib/features/live/stream-route";
import { STALE_AFTER_MS } from "@/lib/features/live/stream-slots";
import { balanceEvent as balance, readUntil } from "@/tests/support/event-stream";
import { openTestDatabase } from "@/tests/support/test-db";

/**
 * Issue 33, R4-1 and R4-7: event streams are capped per account and per client address across instances (rows in
 * the database), end after a lifetime without losing an event, and end at once when their sign-in ends.
 */
let opened: OpenedDatabase;
let bus: LiveBus;

const DEMI = { userId: "u-demi", platformUserId: DEMO_DRIVER_ID } as DriverViewer;
const SEB = { userId: "u-seb", platformUserId: SECOND_DRIVER_ID } as DriverViewer;
const TOKENS = { "u-demi": "demi-session", "u-seb": "seb-session" } as const;

const deps = (viewer: DriverViewer, over: Partial<StreamDeps> = {}): StreamDeps => ({
  bus: async () => bus,
  db: async () => opened.db,
  sessionToken: async () => TOKENS[viewer.userId as keyof typeof TOKENS],
  heartbeatMs: HEARTBEAT_MS,
  enabled: () => true,
  locale: async () => "en",
  clientKey: async () => "192.0.2.1",
  caps: () => ({ perAccount: 5, perClient: 20 }),
  maxLifetimeMs: () => 3_600_000,
  ...over,
});

/** Opens a stream; its answer and how to close it as a tab would. */
async function tab(viewer: DriverViewer, over: Partial<StreamDeps> = {}, lastEventId?: number) {
  const abort = new AbortController();
  const headers: Record<string, string> = lastEventId ? { "last-event-id": String(lastEventId) } : {};
  const response = await openDriverStream(
    new Request("http://localhost/api/live", { signal: abort.signal, headers }),
    viewer,
    deps(viewer, over),
  );
  return { response, close: () => abort.abort() };
}

const openSlots = async () => (await opened.db.select().from(liveStreams)).length;

beforeAll(async () => {
  opened = await openTestDatabase();
  await opened.db.insert(users).values([
    { id: "u-demi", email: "demi@example.com", platformUserId: DEMO_DRIVER_ID },
    { id: "u-seb", email: "seb@example.com", platformUserId: SECOND_DRIVER_ID },
  ]);
  bus = createLiveBus(async () => opened.db, undefined);
});
afterAll(() => opened.close());
beforeEach(async () => {
  for (const table of [liveEvents, liveStreams, sessions]) await opened.db.delete(table);
  const expires = new Date(Date.now() + 3_600_000);
  await opened.db.insert(sessions).values([
    { sessionToken: TOKENS["u-demi"], userId: "u-demi", expires },
    { sessionToken: TOKENS["u-seb"], userId: "u-seb", expires },
  ]);
});

describe("R4-1: caps on event streams", () => {
  it("50 streams of one account: the first five open, the rest get 429 with a Retry-After and hold nothing", async () => {
    const tabs = await Promise.all(Array.from({ length: 50 }, () => tab(DEMI)));
    const statuses = tabs.map((t) => t.response.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
    const refused = tabs.find((t) => t.response.status === 429)!.response;
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(await refused.json()).toEqual({
      error: expect.stringMatching(/^Too many live views are open for your account/),
    });
    expect(await openSlots()).toBe(5);

    // Another account from the same address is not held up by Demi's tabs; a closed tab frees its slot.
    expect((await tab(SEB)).response.status).toBe(200);
    for (const t of tabs) t.close();
    await expect.poll(openSlots).toBe(1);
    expect((await tab(DEMI)).response.status).toBe(200);
  });

  it("a tab that leaves while its stream is being set up gives its slot back at once", async () => {
    const abort = new AbortController();
    // The tab goes away after the slot is taken and before the stream listens for it.
    const leaving = { bus: async () => (abort.abort(), bus) };
    const response = await openDriverStream(
      new Request("http://localhost/api/live", { signal: abort.signal }),
      DEMI,
      deps(DEMI, leaving),
    );
    expect(response.status).toBe(200);
    await expect.poll(openSlots).toBe(0);
  });

  it("per client address: streams of several accounts from one address are capped together", async () => {
    const caps = { perAccount: 5, perClient: 6 };
    const demis = await Promise.all(Array.from({ length: 4 }, () => tab(DEMI, { caps: () => caps })));
    const sebs = await Promise.all(Array.from({ length: 4 }, () => tab(SEB, { caps: () => caps })));
    expect(demis.map((t) => t.response.status)).toEqual([200, 200, 200, 200]);
    expect(sebs.map((t) => t.response.status).sort()).toEqual([200, 200, 429, 429]);
    const refused = sebs.find((t) => t.response.status === 429)!.response;
    expect(await refused.json()).toEqual({
      error: expect.stringMatching(/^Too many live views are open from your network/),
    });
    // From another address, Seb's own cap still has room.
    expect((await tab(SEB, { caps: () => caps, clientKey: async () => "198.51.100.9" })).response.status).toBe(200);
    for (const t of [...demis, ...sebs]) t.close();
  });

  it("a slot left by an instance that died stops counting once its heartbeat is stale", async () => {
    const long = new Date(Date.now() - STALE_AFTER_MS - 1_000);
    await opened.db.insert(liveStreams).values(
      Array.from({ length: 5 }, (_, i) => ({
        id: `dead-${i}`,
        userId: "u-demi",
        clientKey: "192.0.2.1",
        openedAt: long,
        renewedAt: long,
      })),
    );
    const opening = await tab(DEMI);
    expect(opening.response.status).toBe(200);
    expect(await openSlots()).toBe(1);
    opening.close();
  });

  it("ends after its lifetime without `end`; the reconnect with Last-Event-ID gets what came meanwhile", async () => {
    const first = await tab(DEMI, { maxLifetimeMs: () => 400 });
    await readUntil(first.response, (t) => t.includes("retry:"));
    const before = await bus.publish(DEMO_DRIVER_ID, balance(1));
    const text = await readUntil(first.response, () => false);
    expect(text).toContain(`id: ${before.id}`);
    expect(text).not.toContain("event: end");
    await expect.poll(openSlots).toBe(0);

    const meanwhile = await bus.publish(DEMO_DRIVER_ID, balance(2));
    const again = await tab(DEMI, {}, before.id);
    const after = await bus.publish(DEMO_DRIVER_ID, balance(3));
    const replayed = await readUntil(again.response, (t) => t.includes(`id: ${after.id}`));
    expect([...replayed.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]))).toEqual([meanwhile.id, after.id]);
    again.close();
  });
});

describe("R4-7: a sign-out ends the account's streams at once", () => {
  it("sign out everywhere: the stream ends with `end` well before the next heartbeat, and delivers nothing after", async () => {
    const open = await tab(DEMI);
    await readUntil(open.response, (t) => t.includes("retry:"));
    const signedOutAt = Date.now();
    // What "Sign out on all devices" does (lib/features/sign-in/actions/sign-out.ts): delete, then announce.
    await opened.db.delete(sessions);
    await announceSessionsEnded(opened.db, "u-demi");
    await bus.publish(DEMO_DRIVER_ID, balance(99));
    const rest = await readUntil(open.response, () => false);
    expect(Date.now() - signedOutAt).toBeLessThan(HEARTBEAT_MS / 3);
    expect(rest).toContain('event: end\ndata: {"reason":"signed-out"}');
    expect(rest).not.toContain("99");
  });

  it("another account's sign-out, or one whose session still holds, leaves the stream open", async () => {
    const open = await tab(DEMI, { heartbeatMs: 50 });
    await announceSessionsEnded(opened.db, "u-seb");
    await announceSessionsEnded(opened.db, "u-demi");
    const event = await bus.publish(DEMO_DRIVER_ID, balance(5));
    expect(await readUntil(open.response, (t) => t.includes(`id: ${event.id}`))).not.toContain("event: end");
    open.close();
  });
});
