import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import type { DriverViewer } from "@/lib/core/auth/guards";
import type { OpenedDatabase } from "@/lib/core/db/connect";
import { liveEvents, liveStreams, sessions, users } from "@/lib/core/db/schema";
import { runDrainHooks } from "@/lib/core/shutdown";
import { createLiveBus, type LiveBus } from "@/lib/features/live/bus";
import { FRESH_REPLAY_MS, STREAM_HEADERS, type StreamDeps } from "@/lib/features/live/stream";
import { openDriverStream } from "@/lib/features/live/stream-route";
import { balanceEvent as balance, readUntil } from "@/tests/support/event-stream";
import { openTestDatabase } from "@/tests/support/test-db";

/**
 * Issue 27: GET /api/live, one event stream per tab: only the driver's own events, what a
 * reconnecting tab missed after its Last-Event-ID, heartbeats, and the end when the sign-in ends.
 */
const TOKEN = "stream-test-session";
let opened: OpenedDatabase;
let bus: LiveBus;
let enabled = true;
let tabLocale = "en";

const viewer = { userId: "u-demo", platformUserId: DEMO_DRIVER_ID } as DriverViewer;
const deps = (): StreamDeps => ({
  bus: async () => bus,
  db: async () => opened.db,
  sessionToken: async () => TOKEN,
  heartbeatMs: 50,
  enabled: () => enabled,
  locale: async () => tabLocale,
  clientKey: async () => "192.0.2.1",
  caps: () => ({ perAccount: 100, perClient: 100 }),
  maxLifetimeMs: () => 3_600_000,
});

const dataOf = (text: string) =>
  text
    .split("\n\n")
    .filter((frame) => frame.includes("data: "))
    .map((frame) => ({
      id: /^id: (\d+)$/m.exec(frame)?.[1] ?? null,
      event: /^event: (.+)$/m.exec(frame)?.[1],
      data: JSON.parse(/^data: (.+)$/m.exec(frame)![1]!),
    }));

beforeAll(async () => {
  opened = await openTestDatabase();
  await opened.db.insert(users).values({ id: "u-demo", email: "demo@example.com", platformUserId: DEMO_DRIVER_ID });
  bus = createLiveBus(async () => opened.db, undefined);
});
afterAll(() => opened.close());
beforeEach(async () => {
  enabled = true;
  tabLocale = "en";
  await opened.db.delete(liveEvents);
  await opened.db.delete(liveStreams);
  await opened.db.delete(sessions);
  await opened.db
    .insert(sessions)
    .values({ sessionToken: TOKEN, userId: "u-demo", expires: new Date(Date.now() + 3_600_000) });
});

describe("GET /api/live", () => {
  it("streams the driver's own events as they come, unbuffered, with the bus's ids", async () => {
    const abort = new AbortController();
    const response = await openDriverStream(
      new Request("http://localhost/api/live", { signal: abort.signal }),
      viewer,
      deps(),
    );
    expect(response.status).toBe(200);
    for (const [name, value] of Object.entries(STREAM_HEADERS)) expect(response.headers.get(name)).toBe(value);
    await readUntil(response, (t) => t.includes("retry:"));
    await bus.publish(SECOND_DRIVER_ID, balance(99));
    const mine = await bus.publish(DEMO_DRIVER_ID, balance(12.5));
    const frames = dataOf(await readUntil(response, (t) => t.includes("12.5")));
    expect(frames).toEqual([
      { id: String(mine.id), event: "balance", data: { ...balance(12.5), formatted: "€12.50" } },
    ]);
    abort.abort();
    await readUntil(response, () => false);
  });

  it("formats a balance in the tab's language, so the tab needs no read of its own", async () => {
    tabLocale = "nl";
    const abort = new AbortController();
    const response = await openDriverStream(
      new Request("http://localhost/api/live", { signal: abort.signal }),
      viewer,
      deps(),
    );
    await readUntil(response, (t) => t.includes("retry:"));
    await bus.publish(DEMO_DRIVER_ID, balance(7.25));
    const [frame] = dataOf(await readUntil(response, (t) => t.includes("7.25")));
    expect(frame?.data).toEqual({ ...balance(7.25), formatted: "€\u00a07,25" });
    abort.abort();
    await readUntil(response, () => false);
  });

  /** A tab opened with `headers`: the ids it is sent up to an event published once it is open (`live`). */
  async function idsUntilLiveEvent(headers: HeadersInit) {
    const abort = new AbortController();
    const request = new Request("http://localhost/api/live", { headers, signal: abort.signal });
    const response = await openDriverStream(request, viewer, deps());
    const live = await bus.publish(DEMO_DRIVER_ID, balance(3));
    const frames = dataOf(await readUntil(response, (t) => t.includes(`id: ${live.id}`)));
    abort.abort();
    return { ids: frames.map((f) => f.id), live };
  }

  it("gives a reconnecting tab what it missed after its Last-Event-ID, then the rest live", async () => {
    const first = await bus.publish(DEMO_DRIVER_ID, balance(1));
    const second = await bus.publish(DEMO_DRIVER_ID, balance(2));
    const { ids, live } = await idsUntilLiveEvent({ "last-event-id": String(first.id) });
    expect(ids).toEqual([String(second.id), String(live.id)]);
  });

  it("gives a fresh tab only the last seconds' events, not the hour kept for reconnects", async () => {
    const now = Date.now();
    await bus.publish(DEMO_DRIVER_ID, balance(1), new Date(now - 60_000));
    const recent = await bus.publish(DEMO_DRIVER_ID, balance(2), new Date(now - FRESH_REPLAY_MS / 2));
    const { ids, live } = await idsUntilLiveEvent({});
    expect(ids).toEqual([String(recent.id), String(live.id)]);
  });

  it("closes without `end` when the instance drains, so the tab reconnects elsewhere with its Last-Event-ID", async () => {
    const response = await openDriverStream(new Request("http://localhost/api/live"), viewer, deps());
    await readUntil(response, (t) => t.includes("retry:"));
    runDrainHooks();
    const rest = await readUntil(response, () => false);
    expect(rest).not.toContain("event: end");
  });

  it("sends heartbeats, and ends with `end` when the session is revoked (signed out elsewhere)", async () => {
    const response = await openDriverStream(new Request("http://localhost/api/live"), viewer, deps());
    await readUntil(response, (t) => t.includes(": ping"));
    await opened.db.delete(sessions);
    const rest = await readUntil(response, () => false);
    expect(rest).toContain('event: end\ndata: {"reason":"signed-out"}');
  });

  it("is not there where the platform pushes no events (404): the tab polls", async () => {
    enabled = false;
    const response = await openDriverStream(new Request("http://localhost/api/live"), viewer, deps());
    expect(response.status).toBe(404);
  });
});
