import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import type { OpenedDatabase } from "@/lib/core/db/connect";
import { liveEvents, platformCallbacks, users } from "@/lib/core/db/schema";
import type { LiveMessage } from "@/lib/features/live/bus";
import { createLiveBus, type LiveBus } from "@/lib/features/live/bus";
import { deliverPlatformEvent } from "@/lib/features/live/deliver";
import { MAX_CALLBACK_BYTES, receivePlatformCallback, type CallbackDeps } from "@/lib/features/live/receive-callback";
import type { PlatformClient } from "@/lib/platform/client";
import type { PlatformEvent } from "@/lib/platform/notifications";
import { openTestDatabase } from "@/tests/support/test-db";
import {
  startPlatformEmulator,
  TEST_API_KEY,
  type RunningPlatformEmulator,
} from "@/tests/support/platform-emulator-server";
import { platformClientFor } from "@/tests/support/platform-client";

/**
 * Issue 27: the platform's callbacks into the portal. Refusals change nothing and never answer 500;
 * a taken callback reaches only its own driver's tabs, once, however often it comes.
 */
const KEY = "webhook-test-key";
const URL_ = "http://localhost/api/platform/callbacks";

let opened: OpenedDatabase;
let bus: LiveBus;
let later: Array<() => Promise<void>> = [];
let delivered: PlatformEvent[] = [];
/** The platform the card changes are read from (the emulator's, below). */
let platform: PlatformClient | undefined;
const heard: LiveMessage[] = [];

const deps = (): CallbackDeps => ({
  db: async () => opened.db,
  key: () => KEY,
  later: (task) => void later.push(task),
  deliver: async (event) => {
    delivered.push(event);
    await deliverPlatformEvent(event, { db: opened.db, bus, platform });
  },
  now: () => new Date(),
});

const sign = (body: string, key = KEY) => createHmac("sha256", key).update(body).digest("hex");

async function post(body: string, headers: Record<string, string> = {}): Promise<number> {
  const response = await receivePlatformCallback(
    new Request(URL_, { method: "POST", headers: { "content-type": "application/json", ...headers }, body }),
    deps(),
  );
  expect(await response.text()).toBe("");
  for (const task of later.splice(0)) await task();
  return response.status;
}

const sessionUpdate = (userId: number, energy = 1200, lastUpdatedAt = "2026-03-14T10:00:00Z") =>
  JSON.stringify({
    notification: "SessionUpdateNotification",
    session: {
      id: "70500",
      status: "active",
      userId,
      chargePointId: 5010,
      evseId: 50102,
      startedAt: "2026-03-14T09:40:00Z",
      stoppedAt: null,
      energy,
      energyConsumption: { total: energy, grid: energy },
      totalAmount: { withTax: 0.47, withoutTax: 0.39 },
      currency: "EUR",
      authorizationId: null,
      billingStatus: null,
      lastUpdatedAt,
    },
  });

const nothingChanged = async () => {
  expect(await opened.db.select().from(platformCallbacks)).toEqual([]);
  expect(await opened.db.select().from(liveEvents)).toEqual([]);
  expect(delivered).toEqual([]);
  expect(heard).toEqual([]);
};

beforeAll(async () => {
  opened = await openTestDatabase();
  await opened.db.insert(users).values({ email: "demo@example.com", platformUserId: DEMO_DRIVER_ID });
  bus = createLiveBus(async () => opened.db, undefined);
  await bus.subscribe(DEMO_DRIVER_ID, (message) => heard.push(message));
  await bus.subscribe(SECOND_DRIVER_ID, (message) => heard.push(message));
});
afterAll(() => opened.close());
beforeEach(async () => {
  later = [];
  delivered = [];
  heard.length = 0;
  await opened.db.delete(platformCallbacks);
  await opened.db.delete(liveEvents);
});

describe("POST /api/platform/callbacks refuses", () => {
  it("an unsigned callback, a wrong key's and one signed over another body: 401, nothing changed", async () => {
    const body = sessionUpdate(DEMO_DRIVER_ID);
    expect(await post(body)).toBe(401);
    expect(await post(body, { "x-signature": sign(body, "another-key") })).toBe(401);
    expect(await post(body, { "x-signature": sign(sessionUpdate(DEMO_DRIVER_ID, 9999)) })).toBe(401);
    expect(await post(body, { "x-signature": "not hex at all" })).toBe(401);
    expect(await post(body, { "x-signature": sign(body).toUpperCase().slice(0, 63) })).toBe(401);
    await nothingChanged();
  });

  it("a body over the limit (413), whether it says so or not, before looking at the signature", async () => {
    const huge = JSON.stringify({ notification: "SessionUpdateNotification", pad: "x".repeat(MAX_CALLBACK_BYTES) });
    expect(await post(huge, { "x-signature": sign(huge) })).toBe(413);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode("x".repeat(8 * 1024)));
        controller.close();
      },
    });
    const response = await receivePlatformCallback(
      new Request(URL_, { method: "POST", body: chunked, duplex: "half" } as RequestInit),
      deps(),
    );
    expect(response.status).toBe(413);
    await nothingChanged();
  });

  it("signed bytes that are not JSON (400); an unknown or unreadable kind is dropped (202), nothing changed", async () => {
    expect(await post("{not json", { "x-signature": sign("{not json") })).toBe(400);
    for (const body of [
      JSON.stringify({ notification: "BootNotification", chargePointId: 1 }),
      JSON.stringify({ notification: "NoSuchKind" }),
      JSON.stringify({ no: "kind" }),
      JSON.stringify([1, 2]),
      JSON.stringify({ notification: "SessionUpdateNotification", session: { id: "x" } }),
    ])
      expect(await post(body, { "x-signature": sign(body) }), body).toBe(202);
    await nothingChanged();
  });
});

describe("POST /api/platform/callbacks takes", () => {
  it("a signed session update once, for its own driver only, however often it comes (replay, retry)", async () => {
    const body = sessionUpdate(DEMO_DRIVER_ID);
    for (let i = 0; i < 3; i++) expect(await post(body, { "x-signature": sign(body) })).toBe(202);
    expect(await opened.db.select().from(platformCallbacks)).toHaveLength(1);
    expect(delivered).toHaveLength(1);
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]).toMatchObject({
      platformUserId: DEMO_DRIVER_ID,
      event: { type: "session", session: { id: 70500, status: "charging", energyWh: 1200, amount: 0.47 } },
    });
  });

  it("drops a payload for a platform user who has no portal account", async () => {
    const body = sessionUpdate(SECOND_DRIVER_ID);
    expect(await post(body, { "x-signature": sign(body) })).toBe(202);
    expect(delivered).toHaveLength(1);
    expect(await opened.db.select().from(liveEvents)).toEqual([]);
    expect(heard).toEqual([]);
  });

  it("a balance change, and gives a reconnecting tab what it missed after its Last-Event-ID", async () => {
    const first = sessionUpdate(DEMO_DRIVER_ID, 100, "2026-03-14T10:00:00Z");
    const balance = JSON.stringify({
      notification: "userBalance.changed",
      debit: 0,
      credit: 10,
      updatedBalance: 22.5,
      userId: DEMO_DRIVER_ID,
      currency: "EUR",
      type: "voucher",
      timestamp: "2026-03-14T10:00:01Z",
      lastUpdatedAt: "2026-03-14T10:00:01Z",
    });
    await post(first, { "x-signature": sign(first) });
    await post(balance, { "x-signature": sign(balance) });
    // The bus hands an event on after reading its row back: asynchronously.
    await expect.poll(() => heard.map((m) => m.event.type)).toEqual(["session", "balance"]);
    const missed = await bus.missed(DEMO_DRIVER_ID, heard[0]!.id);
    expect(missed.map((m) => m.event)).toEqual([
      { type: "balance", balance: 22.5, currency: "EUR", updatedAt: "2026-03-14T10:00:01Z" },
    ]);
    expect(await bus.missed(SECOND_DRIVER_ID, 0)).toEqual([]);
  });
});

describe("the emulator's own callbacks", () => {
  let emu: RunningPlatformEmulator;
  let server: Server;
  let clock = Date.parse("2026-03-14T10:00:00Z");

  beforeAll(async () => {
    emu = await startPlatformEmulator({ dialect: "ampeco", now: () => new Date(clock), notificationTickMs: 0 });
    platform = platformClientFor(emu.url, "ampeco");
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === "string"),
        );
        // The emulator's clock stamps X-Timestamp: the receiver reads the same one (issue 33's freshness window).
        const callbackDeps = { ...deps(), key: () => TEST_API_KEY, now: () => new Date(clock) };
        void receivePlatformCallback(
          new Request(URL_, { method: "POST", headers, body: Buffer.concat(chunks) }),
          callbackDeps,
        ).then(async (response) => {
          for (const task of later.splice(0)) await task();
          res.statusCode = response.status;
          res.end();
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await emu.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it("are taken: a running session's energy reaches the driver's tab, duplicates once", async () => {
    const callbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const subscribed = await emu.call("POST", "/public-api/notifications/v2.0", {
      body: { via: "webhook", notifications: ["SessionUpdateNotification"], webhook: { callbackUrl } },
    });
    expect(subscribed.status).toBe(201);
    await emu.call("PUT", "/__emulator/settings", { body: { webhookDelivery: { duplicates: true } } });
    clock += 60_000;
    const { deliveries } = (await emu.call("POST", "/__emulator/notifications/flush")).body.data;
    expect(deliveries.map((d: { status: number }) => d.status)).toEqual([202, 202]);
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]!.event).toMatchObject({ type: "session", session: { status: "charging" } });
  });

  it("are taken: a card's status change reaches its own driver's tab, another driver's card nobody's", async () => {
    heard.length = 0;
    await emu.call("PUT", "/__emulator/settings", { body: { webhookDelivery: { retryDelayMs: 0 } } });
    const callbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    await emu.call("POST", "/public-api/notifications/v2.0", {
      body: { via: "webhook", notifications: ["idTag.changed"], webhook: { callbackUrl } },
    });
    const tagOf = async (userId: number) =>
      (await emu.call("GET", `/public-api/resources/id-tags/v2.0?filter[userId]=${userId}`)).body.data[0] as {
        id: number;
      };
    const mine = await tagOf(DEMO_DRIVER_ID);
    const theirs = await tagOf(SECOND_DRIVER_ID);
    for (const tag of [theirs, mine])
      await emu.call("PATCH", `/public-api/resources/id-tags/v2.0/${tag.id}`, { body: { status: "disabled" } });
    await emu.call("POST", "/__emulator/notifications/flush");
    await expect
      .poll(() => heard.map((m) => [m.platformUserId, m.event]))
      .toEqual([[DEMO_DRIVER_ID, { type: "card", cardId: mine.id, status: "blocked" }]]);
  });
});
