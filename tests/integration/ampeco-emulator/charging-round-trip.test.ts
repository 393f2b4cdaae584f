import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import { CP, resetBench, startChargingBench, stopPath, type ChargingBench } from "./charging-harness";
import { callbackValidator, schemaErrors } from "./openapi";
import { magicOf, USERS } from "./harness";

/**
 * Issue 38: a start from the API on the emulator's clock: the EVSE prepares, charges, finishes and is free again; the
 * energy rises; the stop bills the session as its tariff prices it (the balance or the card); the platform's receipt
 * and the callbacks follow. Every answer and callback is checked against the subsets.
 */
const MINUTE = 60_000;
const TX = "/public-api/resources/transactions/v1.0";
let bench: ChargingBench;
let receiver: Server;
let receiverUrl: string;
let received: Array<Record<string, any>> = [];

beforeAll(async () => {
  bench = await startChargingBench();
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      res.statusCode = 202;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await bench.emu.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(async () => {
  await resetBench(bench);
  received = [];
});

const balanceOf = async (userId: number) => (await bench.emu.call("GET", `${USERS}/${userId}`)).body.data.balance;
const flush = () => bench.emu.call("POST", "/__emulator/notifications/flush");
const lineOf = (session: Record<string, any>, type: string) =>
  (session.priceBreakdown as Array<{ type: string; quantity: number; price: { withTax: number } }>).find(
    (line) => line.type === type,
  );
const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

describe("a start from the API, on the emulator's clock", () => {
  it("prepares, charges with rising energy, finishes, frees the EVSE, takes the amount from the balance and issues a receipt", async () => {
    const before = await balanceOf(SECOND_DRIVER_ID);
    const started = await bench.start(CP.zuidas, 3, { userId: SECOND_DRIVER_ID, idTag: "PORTAL-1002" });
    expect(started).toMatchObject({ success: true });
    expect(Number.isInteger(started.sessionId) && Number.isInteger(started.authorizationId)).toBe(true);

    expect((await bench.evse(50203)).hardwareStatus).toBe("preparing");
    const pending = await bench.session(started.sessionId);
    expect(pending).toMatchObject({ status: "pending", energy: 0, evseId: 50203, idTag: "PORTAL-1002" });
    expect(pending).toMatchObject({ paymentType: "balance", authorizationId: started.authorizationId });

    bench.advance(10_000);
    expect((await bench.evse(50203)).hardwareStatus).toBe("charging");
    bench.advance(15 * MINUTE);
    const early = await bench.session(started.sessionId);
    bench.advance(15 * MINUTE);
    const later = await bench.session(started.sessionId);
    expect(early.status).toBe("active");
    expect(later.energy).toBeGreaterThan(early.energy);
    // 11 kW (the car's on-board charger on a 22 kW EVSE) for 30 minutes.
    expect(later.energy).toBe(5_500);

    const stop = await bench.emu.call("POST", stopPath(CP.zuidas, started.sessionId), { body: {} });
    expect(stop.status).toBe(202);
    expect((await bench.evse(50203)).hardwareStatus).toBe("finishing");
    const finished = await bench.session(started.sessionId, "?withPriceBreakdown=true");
    expect(finished).toMatchObject({ status: "finished", reason: "remote", billingStatus: "completed" });
    // The members' AC tariff (the driver is in user group 257): energy only within its three free hours.
    expect(finished.priceBreakdown.map((line: { type: string }) => line.type)).toEqual(["energy"]);
    expect(lineOf(finished, "energy")?.price.withTax).toBe(Math.round(5.5 * 0.39 * 100) / 100);
    expect(finished.totalAmount.withTax).toBe(lineOf(finished, "energy")?.price.withTax);
    bench.advance(30_000);
    expect((await bench.evse(50203)).hardwareStatus).toBe("available");

    expect(await balanceOf(SECOND_DRIVER_ID)).toBe(Math.round((before - finished.totalAmount.withTax) * 100) / 100);
    const transactions = (await bench.emu.call("GET", `${TX}?filter[userId]=${SECOND_DRIVER_ID}&cursor=`)).body.data;
    expect(transactions.find((t: { sessionId: number | null }) => t.sessionId === started.sessionId)).toMatchObject({
      billingType: "internal",
      totalAmount: finished.totalAmount.withTax,
    });

    const receipt = await bench.emu.call("GET", `/public-api/resources/receipts/v2.0/${finished.receiptId}`);
    expect(receipt.body.data).toMatchObject({
      userId: SECOND_DRIVER_ID,
      totalAmount: finished.totalAmount.withTax,
      totalKwh: 5.5,
      tax: { taxPercentage: 21 },
      paymentStatus: "paid",
    });
    const pdf = await fetch(receipt.body.data.downloadUrl);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(await magicOf(pdf)).toBe("%PDF-");
  });

  it("prices every component of a long DC charge paid by card: start fee, energy, time and idle, adding up to the amount", async () => {
    // The seed's running session of the demo driver is stopped through the same action first.
    const running = (
      await bench.emu.call(
        "GET",
        `/public-api/resources/sessions/v1.0?filter[userId]=${DEMO_DRIVER_ID}&filter[status]=active&cursor=`,
      )
    ).body.data[0];
    expect((await bench.emu.call("POST", stopPath(CP.westerpark, running.id))).status).toBe(202);
    bench.advance(MINUTE);
    const balance = await balanceOf(DEMO_DRIVER_ID);

    const started = await bench.start(CP.westerpark, 1, { userId: DEMO_DRIVER_ID, paymentMethodId: "pm_card_1001" });
    expect(started.success).toBe(true);
    bench.advance(10_000 + 60 * MINUTE);
    // 50 kW fills the car's 40 kWh in 48 minutes: then it stands idle.
    expect((await bench.evse(50101)).hardwareStatus).toBe("suspendedEV");
    bench.advance(30 * MINUTE);
    expect((await bench.emu.call("POST", stopPath(CP.westerpark, started.sessionId))).status).toBe(202);

    const session = await bench.session(started.sessionId, "?withPriceBreakdown=true");
    // The members' DC tariff: 0.49 to start, 0.55/kWh, 0.05/min after 45 min (cap 5), 0.25/min idle after 10 (cap 15).
    expect(lineOf(session, "connection")?.price.withTax).toBe(0.49);
    expect(lineOf(session, "energy")).toMatchObject({ quantity: 40, price: { withTax: 22 } });
    expect(lineOf(session, "charging_time")).toMatchObject({ quantity: 45, price: { withTax: 2.25 } });
    expect(lineOf(session, "idle_time")).toMatchObject({ quantity: 32, price: { withTax: 8 } });
    const lines = session.priceBreakdown as Array<{ price: { withTax: number } }>;
    expect(session.totalAmount.withTax).toBe(32.74);
    expect(sum(lines.map((line) => line.price.withTax))).toBe(session.totalAmount.withTax);
    expect(session).toMatchObject({ paymentType: "tokenized", paymentMethodId: "pm_card_1001" });

    expect(await balanceOf(DEMO_DRIVER_ID)).toBe(balance);
    const snapshot = await bench.emu.call(
      "GET",
      `/public-api/resources/tariff-snapshots/v1.0/${session.tariffSnapshotId}`,
    );
    expect(snapshot.body.data).toMatchObject({ id: session.tariffSnapshotId, tariffId: 14, type: "duration+energy" });
  });

  it("bills and issues the receipt only when billing completes, under a provisional amount at the stop", async () => {
    await bench.settings({ sessionBilling: { atStop: "provisional", completesAfterMs: 5 * MINUTE } });
    const before = await balanceOf(SECOND_DRIVER_ID);
    const { sessionId } = await bench.start(CP.zuidas, 3, { userId: SECOND_DRIVER_ID });
    bench.advance(20 * MINUTE);
    await bench.emu.call("POST", stopPath(CP.zuidas, sessionId));
    const atStop = await bench.session(sessionId);
    expect(atStop).toMatchObject({ billingStatus: "pending" });
    expect(atStop).not.toHaveProperty("receiptId");
    expect(await balanceOf(SECOND_DRIVER_ID)).toBe(before);

    bench.advance(5 * MINUTE);
    const billed = await bench.session(sessionId);
    expect(billed).toMatchObject({ billingStatus: "completed" });
    expect(billed.receiptId).toEqual(expect.any(Number));
    expect(await balanceOf(SECOND_DRIVER_ID)).toBe(Math.round((before - billed.totalAmount.withTax) * 100) / 100);
  });
});

describe("callbacks of a start from the API", () => {
  it("flow through the webhook dispatcher: start, rising energy, stop, the balance taken and its transaction", async () => {
    const subscribed = await bench.emu.call("POST", "/public-api/notifications/v2.0", {
      body: {
        via: "webhook",
        notifications: [
          "session.start.stop.notification",
          "SessionUpdateNotification",
          "userBalance.changed",
          "transaction.changed",
        ],
        webhook: { callbackUrl: receiverUrl },
      },
    });
    expect(subscribed.status, subscribed.text).toBe(201);
    await flush();
    const { sessionId } = await bench.start(CP.zuidas, 3, { userId: SECOND_DRIVER_ID });
    await flush();
    bench.advance(10 * MINUTE);
    await flush();
    bench.advance(10 * MINUTE);
    await flush();
    await bench.emu.call("POST", stopPath(CP.zuidas, sessionId));
    await flush();

    for (const body of received) expect(schemaErrors(callbackValidator(body.notification), body)).toBeNull();
    const startStop = received.filter((b) => b.notification === "session.start.stop.notification");
    expect(startStop.map((b) => [b.sessionId, b.action])).toEqual([
      [sessionId, "start"],
      [sessionId, "stop"],
    ]);
    expect(startStop[0]!.idTag).toMatch(/^\*0+\d+$/);
    const energies = received
      .filter((b) => b.notification === "SessionUpdateNotification" && b.session.id === String(sessionId))
      .filter((b) => b.session.status === "active")
      .map((b) => b.session.energy as number);
    expect(energies.length).toBeGreaterThanOrEqual(2);
    expect(energies).toEqual([...energies].sort((a, b) => a - b));
    expect(new Set(energies).size).toBe(energies.length);

    const debit = received.find((b) => b.notification === "userBalance.changed");
    expect(debit).toMatchObject({ userId: SECOND_DRIVER_ID, type: "transaction", credit: 0 });
    expect(debit!.debit).toBeGreaterThan(0);
    expect(received.find((b) => b.notification === "transaction.changed")).toMatchObject({
      transactionId: debit!.transactionId,
      action: "created",
    });
  });
});
