import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID, FIRST_SESSION_ID, SECOND_DRIVER_ID, SENT_NOTIFICATION_KINDS } from "@/emulators/platform";
import { DELIVERY_LANES } from "@/emulators/platform/ampeco/webhooks";
import { TEST_API_KEY } from "@/tests/support/platform-emulator-server";
import { startAmpecoEmulator, type AmpecoEmulator } from "./harness";
import { callbackValidator, schemaErrors } from "./openapi";

/**
 * Issue 27: notifications v2.0 in the emulator. Subscriptions are answered as the subset says (the
 * harness validates every answer), and every callback body the emulator posts is checked against
 * the subset's callback schema for its kind, its X-Signature against the creating token.
 */
const NOTIFICATIONS = "/public-api/notifications/v2.0";
const SENT = [...SENT_NOTIFICATION_KINDS];

interface Received {
  signature: string | undefined;
  timestamp: string | undefined;
  tenant: string | undefined;
  raw: string;
  body: { notification: string } & Record<string, any>;
}

let clockMs = Date.parse("2026-03-14T10:00:00Z");
let emu: AmpecoEmulator;
let receiver: Server;
let receiverUrl: string;
let received: Received[] = [];
/** Statuses the receiver answers with, one per request; then 202. */
let answers: number[] = [];
/** How long the receiver takes to answer, and how many callbacks it held at once at most. */
let answerDelayMs = 0;
let open = 0;
let mostOpen = 0;

beforeAll(async () => {
  emu = await startAmpecoEmulator({ now: () => new Date(clockMs), notificationTickMs: 0 });
  receiver = createServer((req, res) => {
    mostOpen = Math.max(mostOpen, ++open);
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      received.push({
        signature: req.headers["x-signature"] as string | undefined,
        timestamp: req.headers["x-timestamp"] as string | undefined,
        tenant: req.headers["x-tenant"] as string | undefined,
        raw,
        body: JSON.parse(raw),
      });
      res.statusCode = answers.shift() ?? 202;
      setTimeout(() => {
        open--;
        res.end();
      }, answerDelayMs);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await emu.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(async () => {
  emu.emulator.reset();
  received = [];
  answers = [];
  answerDelayMs = 0;
  mostOpen = 0;
  await emu.call("PUT", "/__emulator/settings", { body: { webhookDelivery: { retryDelayMs: 0 } } });
});

const subscribe = async (notifications: string[] = SENT) => {
  const answer = await emu.call("POST", NOTIFICATIONS, {
    body: { via: "webhook", notifications, webhook: { callbackUrl: receiverUrl } },
  });
  expect(answer.status).toBe(201);
  return answer.body.data as { id: number };
};

const flush = async () => (await emu.call("POST", "/__emulator/notifications/flush")).body.data;

/** Every callback is valid for its kind and signed with the token that subscribed. */
function expectValidAndSigned(callbacks: Received[]) {
  expect(callbacks.length).toBeGreaterThan(0);
  for (const callback of callbacks) {
    const problem = schemaErrors(callbackValidator(callback.body.notification), callback.body);
    expect(problem, `${callback.body.notification}: ${problem}\n${callback.raw.slice(0, 400)}`).toBeNull();
    expect(callback.signature).toBe(createHmac("sha256", TEST_API_KEY).update(callback.raw).digest("hex"));
    expect(callback.timestamp).toMatch(/^\d+$/);
    expect(callback.tenant).toBe(new URL(emu.url).host);
  }
}

const kinds = () => received.map((r) => r.body.notification);

describe("subscriptions", () => {
  it("are created (201), read, listed, updated and deleted (204) as the subset says", async () => {
    const { id } = await subscribe(["SessionUpdateNotification"]);
    expect((await emu.call("GET", `${NOTIFICATIONS}/${id}`)).body.data).toEqual({
      id,
      via: "webhook",
      notifications: ["SessionUpdateNotification"],
      webhook: { callbackUrl: receiverUrl },
    });
    const listed = await emu.call("GET", `${NOTIFICATIONS}?per_page=10`);
    expect(listed.body.data.map((s: { id: number }) => s.id)).toEqual([id]);
    const updated = await emu.call("PUT", `${NOTIFICATIONS}/${id}`, {
      body: { via: "webhook", notifications: SENT, webhook: { callbackUrl: receiverUrl } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.notifications).toEqual(SENT);
    expect((await emu.call("DELETE", `${NOTIFICATIONS}/${id}`)).status).toBe(204);
    expect((await emu.call("GET", `${NOTIFICATIONS}/${id}`)).status).toBe(404);
    expect((await emu.call("DELETE", `${NOTIFICATIONS}/${id}`)).status).toBe(404);
  });

  it("refuse what the platform would (422), and the stricter reading where the subset is silent", async () => {
    const bad = [
      { via: "webhook", notifications: ["NoSuchNotification"], webhook: { callbackUrl: receiverUrl } },
      { via: "webhook", notifications: [], webhook: { callbackUrl: receiverUrl } },
      { via: "webhook", notifications: ["idTag.changed", "idTag.changed"], webhook: { callbackUrl: receiverUrl } },
      { via: "webhook", notifications: ["idTag.changed"] },
      { via: "webhook", notifications: ["idTag.changed"], webhook: { callbackUrl: "not a url" } },
      { via: "webhook", notifications: ["idTag.changed"], webhook: { callbackUrl: "ftp://example.com/hook" } },
      {
        via: "webhook",
        notifications: ["idTag.changed"],
        webhook: { callbackUrl: `https://e.com/${"a".repeat(500)}` },
      },
      { via: "kafka", notifications: ["idTag.changed"], kafka: { topic: "t", brokers: ["b:9092"] } },
      { via: "pigeon", notifications: ["idTag.changed"] },
    ];
    for (const body of bad) {
      const answer = await emu.call("POST", NOTIFICATIONS, { body });
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.body.errors).length).toBeGreaterThan(0);
    }
    expect((await emu.call("GET", NOTIFICATIONS)).body.data).toEqual([]);
  });

  it("need a key with write rights (401 without one, 403 read-only)", async () => {
    const body = { via: "webhook", notifications: SENT, webhook: { callbackUrl: receiverUrl } };
    expect((await emu.call("POST", NOTIFICATIONS, { body, key: null })).status).toBe(401);
    expect((await emu.call("POST", NOTIFICATIONS, { body, key: "test-readonly-key" })).status).toBe(403);
  });
});

describe("callbacks", () => {
  it("report a running session's energy on each look, then its stop, each valid and signed", async () => {
    await subscribe();
    clockMs += 60_000;
    await flush();
    const updates = received.filter((r) => r.body.notification === "SessionUpdateNotification");
    expect(updates).toHaveLength(1);
    const first = updates[0]!.body.session;
    expect(first.status).toBe("active");
    expect(first.userId).toBe(DEMO_DRIVER_ID);

    clockMs += 60_000;
    await flush();
    const second = received.filter((r) => r.body.notification === "SessionUpdateNotification")[1]!.body.session;
    expect(second.id).toBe(first.id);
    expect(second.energyConsumption.total).toBeGreaterThan(first.energyConsumption.total);

    received = [];
    expect((await emu.call("POST", `/__emulator/sessions/${first.id}/stop`)).status).toBe(200);
    await flush();
    expect(kinds()).toEqual(["session.start.stop.notification", "SessionUpdateNotification"]);
    expect(received[0]!.body).toMatchObject({ action: "stop", sessionId: Number(first.id), userId: DEMO_DRIVER_ID });
    expect(received[1]!.body.session.status).toBe("finished");
    expectValidAndSigned(received);
  });

  it("report a new session's start", async () => {
    await subscribe(["session.start.stop.notification"]);
    await emu.call("POST", `/__emulator/users/${SECOND_DRIVER_ID}/sessions`, { body: { running: true } });
    await flush();
    expect(kinds()).toEqual(["session.start.stop.notification"]);
    expect(received[0]!.body).toMatchObject({ action: "start", userId: SECOND_DRIVER_ID });
    expect(received[0]!.body.sessionId).toBeGreaterThan(FIRST_SESSION_ID);
    expectValidAndSigned(received);
  });

  it("report the balance, the transaction and the user after a voucher's credit lands", async () => {
    await subscribe();
    await emu.call("POST", "/__emulator/vouchers", { body: { code: "HOOK-10", amount: 10 } });
    const redeem = `/public-api/actions/users/v2.0/${DEMO_DRIVER_ID}/redeem-voucher`;
    expect((await emu.call("POST", redeem, { body: { code: "HOOK-10" } })).status).toBe(202);
    clockMs += 1_000; // past the voucher delay
    await flush();
    const balance = received.find((r) => r.body.notification === "userBalance.changed")!.body;
    expect(balance).toMatchObject({ userId: DEMO_DRIVER_ID, credit: 10, debit: 0, type: "voucher", currency: "EUR" });
    expect(kinds()).toContain("transaction.changed");
    const { transactionId } = received.find((r) => r.body.notification === "transaction.changed")!.body;
    expect(balance.transactionId).toBe(transactionId);
    const transaction = await emu.call("GET", `/public-api/resources/transactions/v1.0/${transactionId}`);
    expect(transaction.body).toMatchObject({ userId: DEMO_DRIVER_ID, totalAmount: 10, billingType: "internal" });
    expect(transaction.body.purchaseResourceType).toBe("topup_package");
    const user = received.find((r) => r.body.notification === "UserChangedNotification")!.body;
    expect(user).toMatchObject({ action: "updated", user: { id: String(DEMO_DRIVER_ID) } });
    expectValidAndSigned(received.filter((r) => r.body.notification !== "SessionUpdateNotification"));
  });

  it("report a card's status change", async () => {
    await subscribe(["idTag.changed"]);
    const tags = await emu.call("GET", `/public-api/resources/id-tags/v2.0?filter[userId]=${DEMO_DRIVER_ID}`);
    const tag = tags.body.data[0] as { id: number };
    const patched = await emu.call("PATCH", `/public-api/resources/id-tags/v2.0/${tag.id}`, {
      body: { status: "disabled" },
    });
    expect(patched.status).toBe(200);
    await flush();
    expect(received.map((r) => r.body)).toEqual([
      { notification: "idTag.changed", idTagsId: tag.id, action: "updated", lastUpdatedAt: expect.any(String) },
    ]);
    expectValidAndSigned(received);
  });

  it("go only to the kinds a subscription names, and stop with the subscription", async () => {
    const { id } = await subscribe(["idTag.changed"]);
    clockMs += 60_000;
    await flush();
    expect(received).toEqual([]);
    await emu.call("DELETE", `${NOTIFICATIONS}/${id}`);
    const tags = await emu.call("GET", `/public-api/resources/id-tags/v2.0?filter[userId]=${DEMO_DRIVER_ID}`);
    await emu.call("PATCH", `/public-api/resources/id-tags/v2.0/${tags.body.data[0].id}`, {
      body: { status: "disabled" },
    });
    await flush();
    expect(received).toEqual([]);
  });

  it("are retried on a non-2xx answer until one is 2xx, within the attempts setting", async () => {
    await subscribe(["SessionUpdateNotification"]);
    answers = [500, 503];
    clockMs += 60_000;
    const { deliveries } = await flush();
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.raw)).size).toBe(1);
    expect(deliveries.map((d: { status: number; attempt: number }) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 503],
      [3, 202],
    ]);

    received = [];
    await emu.call("PUT", "/__emulator/settings", { body: { webhookDelivery: { attempts: 2, retryDelayMs: 0 } } });
    answers = [500, 500, 500];
    clockMs += 60_000;
    await flush();
    expect(received).toHaveLength(2);
  });

  it("go side by side for different records, at most DELIVERY_LANES at once, and in order for one record", async () => {
    await subscribe(["session.start.stop.notification", "SessionUpdateNotification"]);
    for (let i = 0; i < 24; i++)
      await emu.call("POST", `/__emulator/users/${SECOND_DRIVER_ID}/sessions`, { body: { running: true } });
    answerDelayMs = 30;
    await flush();
    expect(received.length).toBeGreaterThanOrEqual(48);
    expect(mostOpen).toBeGreaterThan(1);
    expect(mostOpen).toBeLessThanOrEqual(DELIVERY_LANES);
    const perSession = new Map<number, string[]>();
    for (const { body } of received) {
      const id = Number(body.sessionId ?? body.session?.id);
      perSession.set(id, [...(perSession.get(id) ?? []), body.notification]);
    }
    for (const order of perSession.values())
      expect(order).toEqual(["session.start.stop.notification", "SessionUpdateNotification"]);
  });

  it("come twice and newest first when the settings say so", async () => {
    await subscribe(["session.start.stop.notification", "SessionUpdateNotification"]);
    await emu.call("PUT", "/__emulator/settings", {
      body: { webhookDelivery: { duplicates: true, outOfOrder: true, retryDelayMs: 0 } },
    });
    const running = await emu.call(
      "GET",
      `/public-api/resources/sessions/v1.0?filter[userId]=${DEMO_DRIVER_ID}&filter[status]=active`,
    );
    await emu.call("POST", `/__emulator/sessions/${running.body.data[0].id}/stop`);
    await flush();
    expect(kinds()).toEqual([
      "SessionUpdateNotification",
      "SessionUpdateNotification",
      "session.start.stop.notification",
      "session.start.stop.notification",
    ]);
    expect(received[0]!.raw).toBe(received[1]!.raw);
    expectValidAndSigned(received);
  });
});
