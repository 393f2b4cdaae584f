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
import type { PlatformEvent } from "@/lib/platform/notification-types";
import { openTestDatabase } from "@/tests/support/test-db";
import {
  startPlatformEmulator,
  TEST_API_KEY,
  type RunningPlatformEmulator,
} from "@/tests/support/platform-emulator-server";
import { platformClientFor } from "@/tests/support/platform-client";
import { captureLogs } from "@/tests/support/log-capture";
import { metricsText } from "@/lib/core/observability/metrics";

/** The callbacks counted so far, by `kind/outcome` (issue 39). */
async function countedCallbacks(): Promise<Map<string, number>> {
  const counted = new Map<string, number>();
  for (const [, kind, outcome, value] of (await metricsText()).body.matchAll(
    /^portal_callbacks_total\{kind="([^"]*)",outcome="([^"]*)"\} (\d+)$/gm,
  ))
    counted.set(`${kind}/${outcome}`, Number(value));
  return counted;
}

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
  keys: async () => [KEY],
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

  it("logs the first refusal of each signature form at warn, naming the form and never the signature", async () => {
    const logs = captureLogs("debug");
    try {
      const body = sessionUpdate(DEMO_DRIVER_ID, 4321);
      const wrong = createHmac("sha256", "rotated-away").update(body).digest();
      for (let i = 0; i < 3; i++) expect(await post(body, { "x-signature": wrong.toString("base64") })).toBe(401);
      expect(await post(body, { "x-signature": `sha256=${wrong.toString("hex")}` })).toBe(401);
      const refusals = logs.lines.filter((l) => l.text.includes("platform callback refused"));
      expect(refusals.map((l) => [l.level, l.fields.form])).toEqual([
        ["warn", "base64"],
        ["warn", "sha256= and lower-case hex"],
      ]);
      for (const line of logs.lines) {
        expect(line.text).not.toContain(wrong.toString("base64"));
        expect(line.text).not.toContain(wrong.toString("hex"));
      }
    } finally {
      logs.restore();
    }
    await nothingChanged();
  });

  it("counts every callback by kind and outcome (issue 39), and logs each refusal without its body", async () => {
    const before = await countedCallbacks();
    const logs = captureLogs("debug");
    try {
      const body = sessionUpdate(DEMO_DRIVER_ID, 98_765);
      expect(await post(body, { "x-signature": sign(body, "another-key") })).toBe(401);
      expect(await post("{not json", { "x-signature": sign("{not json") })).toBe(400);
      expect(await post(body, { "x-signature": sign(body) })).toBe(202);
      expect(await post(body, { "x-signature": sign(body) })).toBe(202);
      const refusals = logs.lines.filter((line) => line.text.includes("callback refused:"));
      expect(refusals.map((line) => [line.level, line.fields.outcome])).toEqual([
        ["warn", "bad_signature"],
        ["warn", "bad_body"],
      ]);
      for (const line of logs.lines) expect(line.text).not.toContain("98765");
    } finally {
      logs.restore();
    }
    const after = await countedCallbacks();
    const grew = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
    expect(grew("unknown/bad_signature")).toBe(1);
    expect(grew("unknown/bad_body")).toBe(1);
    expect(grew("SessionUpdateNotification/taken")).toBe(1);
    expect(grew("SessionUpdateNotification/repeat")).toBe(1);
  });

  it("a body over the limit (413), whether it says so or not, before looking at the signature", async () => {
    const huge = JSON.stringify({ notification: "SessionUpdateNotification", pad: "x".repeat(MAX_CALLBACK_BYTES) });
    expect(await post(huge, { "x-signature": sign(huge) })).toBe(413);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 140; i++) controller.enqueue(new TextEncoder().encode("x".repeat(8 * 1024)));
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
  it("a signature in any form a sender may use: hex in either case, base64, with or without sha256=", async () => {
    const digest = (body: string) => createHmac("sha256", KEY).update(body).digest();
    const forms = [
      (d: Buffer) => d.toString("hex").toUpperCase(),
      (d: Buffer) => d.toString("base64"),
      (d: Buffer) => d.toString("base64url"),
      (d: Buffer) => `sha256=${d.toString("hex")}`,
      (d: Buffer) => `SHA256=${d.toString("base64")}`,
    ];
    for (const [i, spell] of forms.entries()) {
      const body = sessionUpdate(DEMO_DRIVER_ID, 2000 + i, `2026-03-14T10:0${i}:00Z`);
      expect(await post(body, { "x-signature": spell(digest(body)) }), spell(digest(body))).toBe(202);
    }
    expect(await opened.db.select().from(platformCallbacks)).toHaveLength(forms.length);
  });

  it("a callback over 64 KB (a long session's clock-aligned figures) up to the 1 MB cap", async () => {
    const update = JSON.parse(sessionUpdate(DEMO_DRIVER_ID, 5000, "2026-03-14T11:00:00Z"));
    update.session.clockAlignedEnergyConsumption = Array.from({ length: 600 }, (_, i) => ({
      start: new Date(Date.parse("2026-03-14T01:00:00Z") + i * 60_000).toISOString(),
      end: new Date(Date.parse("2026-03-14T01:01:00Z") + i * 60_000).toISOString(),
      energyConsumed: 120,
      energyConsumption: { total: 120, grid: 120, local: 0 },
      totalCost: { withTax: 0.05, withoutTax: 0.04 },
    }));
    const body = JSON.stringify(update);
    expect(Buffer.byteLength(body)).toBeGreaterThan(64 * 1024);
    expect(await post(body, { "x-signature": sign(body) })).toBe(202);
    await expect.poll(() => heard.length).toBe(1);
  });

  it("no personal data of a user callback: not a kind it subscribes to, dropped unread, nothing kept or logged", async () => {
    const logs = captureLogs("debug");
    try {
      const body = JSON.stringify({
        notification: "UserChangedNotification",
        user: {
          id: String(DEMO_DRIVER_ID),
          email: "private.person@example.com",
          password: "$2y$10$hashhashhash",
          balance: 9,
        },
        action: "updated",
        lastUpdatedAt: "2026-03-14T10:00:00Z",
      });
      expect(await post(body, { "x-signature": sign(body) })).toBe(202);
      for (const line of logs.lines) {
        expect(line.text).not.toContain("private.person");
        expect(line.text).not.toContain("hashhash");
      }
    } finally {
      logs.restore();
    }
    await nothingChanged();
  });

  it("a signed session update once, for its own driver only, however often it comes (replay, retry)", async () => {
    const body = sessionUpdate(DEMO_DRIVER_ID);
    for (let i = 0; i < 3; i++) expect(await post(body, { "x-signature": sign(body) })).toBe(202);
    expect(await opened.db.select().from(platformCallbacks)).toHaveLength(1);
    expect(delivered).toHaveLength(1);
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]).toMatchObject({
      platformUserId: DEMO_DRIVER_ID,
      event: { type: "session", session: { id: "70500", status: "charging", energyWh: 1200, amount: 0.47 } },
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
        const callbackDeps: CallbackDeps = { ...deps(), keys: async () => [TEST_API_KEY], now: () => new Date(clock) };
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

  /** A subscription of `kind` straight to the test's receiver, delivered at once; nothing heard yet. */
  async function subscribeReceiver(kind: string) {
    heard.length = 0;
    await emu.call("PUT", "/__emulator/settings", { body: { webhookDelivery: { retryDelayMs: 0 } } });
    const callbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    await emu.call("POST", "/public-api/notifications/v2.0", {
      body: { via: "webhook", notifications: [kind], webhook: { callbackUrl } },
    });
  }

  it("a user's record (UserChangedNotification, from a subscription made elsewhere) is dropped unread and unkept", async () => {
    await subscribeReceiver("UserChangedNotification");
    const logs = captureLogs("debug");
    try {
      const changed = await emu.call("PATCH", `/public-api/resources/users/v1.1/${DEMO_DRIVER_ID}`, {
        body: { first_name: "Privately", phone: "+31 6 5555 0199" },
      });
      expect(changed.status).toBe(200);
      const { deliveries } = (await emu.call("POST", "/__emulator/notifications/flush")).body.data;
      expect(deliveries.map((d: { kind: string; status: number }) => [d.kind, d.status])).toContainEqual([
        "UserChangedNotification",
        202,
      ]);
      for (const line of logs.lines) expect(line.text).not.toMatch(/Privately|5555 0199|demo@/);
    } finally {
      logs.restore();
    }
    await nothingChanged();
  });

  it("are taken: a card's status change reaches its own driver's tab, another driver's card nobody's", async () => {
    await subscribeReceiver("idTag.changed");
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
