import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID } from "@/emulators/platform";
import type { OpenedDatabase } from "@/lib/core/db/connect";
import { chargeReceipts, users } from "@/lib/core/db/schema";
import type { MailMessage } from "@/lib/core/mail/send";
import { createLiveBus } from "@/lib/features/live/bus";
import { deliverPlatformEvent } from "@/lib/features/live/deliver";
import { receivePlatformCallback } from "@/lib/features/live/receive-callback";
import { sendChargeReceipt, type ReceiptDeps } from "@/lib/features/live/receipt";
import type { SessionChange } from "@/lib/platform/notification-types";
import {
  startPlatformEmulator,
  TEST_API_KEY,
  type RunningPlatformEmulator,
} from "@/tests/support/platform-emulator-server";
import { openTestDatabase } from "@/tests/support/test-db";
import { eq } from "drizzle-orm";

/**
 * Issue 27: the charge receipt. One mail per finished session, in the driver's language, with the
 * energy, duration, cost and location; none when switched off; exactly one however often and on
 * however many instances the end is reported at once.
 */
let opened: OpenedDatabase;
let sent: MailMessage[] = [];
let failNext = false;

const deps = (): ReceiptDeps => ({
  db: opened.db,
  send: async (message) => {
    if (failNext) {
      failNext = false;
      throw new Error("SMTP down");
    }
    sent.push(message);
  },
  locationOf: async () => "Centrum Parkeergarage",
  accountUrl: "http://localhost:3000/account",
});

const finished = (over: Partial<SessionChange> = {}): SessionChange => ({
  id: "70500",
  status: "finished",
  startedAt: "2026-03-14T09:00:00Z",
  stoppedAt: "2026-03-14T10:25:00Z",
  energyWh: 12_345,
  amount: 4.81,
  currency: "EUR",
  chargePointId: 5010,
  updatedAt: "2026-03-14T10:25:00Z",
  ...over,
});

beforeAll(async () => {
  opened = await openTestDatabase();
  await opened.db.insert(users).values({ id: "u-demo", email: "demo@example.com", platformUserId: DEMO_DRIVER_ID });
});
afterAll(() => opened.close());
beforeEach(async () => {
  sent = [];
  failNext = false;
  await opened.db.delete(chargeReceipts);
  await opened.db.update(users).set({ receiptMail: true, locale: null }).where(eq(users.id, "u-demo"));
});

describe("the charge receipt", () => {
  it("is mailed once when a session ends, with energy, duration, cost and location", async () => {
    expect(await sendChargeReceipt(DEMO_DRIVER_ID, finished(), deps())).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: "demo@example.com", subject: "Your charging receipt" });
    for (const part of ["Centrum Parkeergarage", "12.35 kWh", "1 h 25 min", "€4.81"])
      expect(sent[0]!.text).toContain(part);
    expect(sent[0]!.html).toContain("Centrum Parkeergarage");
  });

  it("comes in the driver's language", async () => {
    await opened.db.update(users).set({ locale: "de" }).where(eq(users.id, "u-demo"));
    await sendChargeReceipt(DEMO_DRIVER_ID, finished(), deps());
    expect(sent[0]!.subject).toBe("Ihr Ladebeleg");
    expect(sent[0]!.text).toContain("12,35 kWh");
    expect(sent[0]!.text).toMatch(/Kosten: 4,81\s€/);
  });

  it("is exactly one mail however often the end comes, even at once on two instances", async () => {
    const results = await Promise.all([
      sendChargeReceipt(DEMO_DRIVER_ID, finished(), deps()),
      sendChargeReceipt(DEMO_DRIVER_ID, finished(), deps()),
      sendChargeReceipt(DEMO_DRIVER_ID, finished({ updatedAt: "2026-03-14T10:26:00Z" }), deps()),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await sendChargeReceipt(DEMO_DRIVER_ID, finished(), deps())).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it("is not sent for a running session, to a driver who switched it off, or for an unknown driver", async () => {
    expect(await sendChargeReceipt(DEMO_DRIVER_ID, finished({ status: "charging", stoppedAt: null }), deps())).toBe(
      false,
    );
    expect(await sendChargeReceipt(4242, finished(), deps())).toBe(false);
    await opened.db.update(users).set({ receiptMail: false }).where(eq(users.id, "u-demo"));
    expect(await sendChargeReceipt(DEMO_DRIVER_ID, finished(), deps())).toBe(false);
    expect(sent).toEqual([]);
    expect(await opened.db.select().from(chargeReceipts)).toEqual([]);
  });

  it("a mail that fails is sent by the platform's next delivery of the end", async () => {
    failNext = true;
    await expect(sendChargeReceipt(DEMO_DRIVER_ID, finished(), deps())).rejects.toThrow("SMTP down");
    expect(await sendChargeReceipt(DEMO_DRIVER_ID, finished(), deps())).toBe(true);
    expect(sent).toHaveLength(1);
  });
});

describe("the charge receipt from the emulator's callbacks", () => {
  let emu: RunningPlatformEmulator;
  const servers: Server[] = [];

  beforeAll(async () => {
    emu = await startPlatformEmulator({ dialect: "ampeco", notificationTickMs: 0 });
    // Two instances of the portal on one database, each taking callbacks on its own port.
    for (let i = 0; i < 2; i++) {
      const bus = createLiveBus(async () => opened.db, undefined);
      const server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (c: Buffer) => chunks.push(c));
        req.on("end", () => {
          const headers = Object.fromEntries(
            Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === "string"),
          );
          const later: Array<() => Promise<void>> = [];
          void receivePlatformCallback(
            new Request("http://localhost/api/platform/callbacks", {
              method: "POST",
              headers,
              body: Buffer.concat(chunks),
            }),
            {
              db: async () => opened.db,
              keys: async () => [TEST_API_KEY],
              later: (task) => void later.push(task),
              deliver: (event) => deliverPlatformEvent(event, { db: opened.db, bus, receipts: deps() }),
              now: () => new Date(),
            },
          ).then(async (response) => {
            res.statusCode = response.status;
            res.end();
            for (const task of later) await task();
          });
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      servers.push(server);
    }
  });
  afterAll(async () => {
    await emu.close();
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
  });

  it("is one mail when the end comes twice, newest first, to two instances", async () => {
    for (const server of servers) {
      const callbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const answer = await emu.call("POST", "/public-api/notifications/v2.0", {
        body: { via: "webhook", notifications: ["SessionUpdateNotification"], webhook: { callbackUrl } },
      });
      expect(answer.status).toBe(201);
    }
    await emu.call("PUT", "/__emulator/settings", {
      body: { webhookDelivery: { duplicates: true, outOfOrder: true } },
    });
    const running = await emu.call(
      "GET",
      `/public-api/resources/sessions/v1.0?filter[userId]=${DEMO_DRIVER_ID}&filter[status]=active`,
    );
    const id = running.body.data[0].id as string;
    expect((await emu.call("POST", `/__emulator/sessions/${id}/stop`)).status).toBe(200);
    const { deliveries } = (await emu.call("POST", "/__emulator/notifications/flush")).body.data;
    expect(deliveries).toHaveLength(4);
    await expect.poll(() => sent.length).toBe(1);
    expect(await opened.db.select().from(chargeReceipts)).toEqual([
      expect.objectContaining({ sessionId: String(id), platformUserId: DEMO_DRIVER_ID }),
    ]);
  });
});
