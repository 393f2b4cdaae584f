import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID, NEW_DRIVER_ID } from "@/emulators/platform";
import { SESSIONS, startAmpecoEmulator, type AmpecoEmulator, magicOf } from "./harness";
import { callbackValidator, schemaErrors } from "./openapi";

/**
 * Issue 34: each setting that plays what AMPECO leaves open about callbacks and money. The harness checks every API
 * answer against the subset (invoice details against the manager played), and each callback here against its kind.
 */
const NOTIFICATIONS = "/public-api/notifications/v2.0";
const INVOICES = "/public-api/resources/invoices/v1.0";
const TX = "/public-api/resources/transactions/v1.0";
const details = (userId: number) => `/public-api/resources/users/v1.0/${userId}/invoice-details`;
const OAUTH = { clientId: "portal-client", clientSecret: "portal-secret" };

let clockMs = Date.parse("2026-06-01T08:00:00Z");
let emu: AmpecoEmulator;
let receiver: Server;
let receiverUrl: string;
let received: Array<{ signature: string; raw: string; body: Record<string, any> }> = [];

beforeAll(async () => {
  emu = await startAmpecoEmulator({ now: () => new Date(clockMs), notificationTickMs: 0, oauthClient: OAUTH });
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      received.push({ signature: String(req.headers["x-signature"]), raw, body: JSON.parse(raw) });
      res.statusCode = 202;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await emu.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  clockMs = Date.parse("2026-06-01T08:00:00Z");
  emu.emulator.reset();
  received = [];
});

const settings = async (body: Record<string, unknown>) => {
  const answer = await emu.call("PUT", "/__emulator/settings", { body });
  expect(answer.status, answer.text).toBe(200);
};
const subscribe = async (kinds: string[], key?: string) => {
  const answer = await emu.call("POST", NOTIFICATIONS, {
    key,
    body: { via: "webhook", notifications: kinds, webhook: { callbackUrl: receiverUrl } },
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.data.id as number;
};
const flush = () => emu.call("POST", "/__emulator/notifications/flush");
const hmac = (key: string, raw: string) => createHmac("sha256", key).update(raw).digest();
const runningSession = async () =>
  (await emu.call("GET", `${SESSIONS}?filter[userId]=${DEMO_DRIVER_ID}&filter[status]=active&cursor=`)).body.data[0];
const validCallback = (body: Record<string, any>) =>
  expect(schemaErrors(callbackValidator(body.notification), body), JSON.stringify(body).slice(0, 300)).toBeNull();

describe("webhook signatures and keys", () => {
  it("spell the same HMAC as lower or upper hex, base64 or sha256= and hex", async () => {
    await subscribe(["idTag.changed"]);
    const forms = {
      hex: (d: Buffer) => d.toString("hex"),
      "hex-upper": (d: Buffer) => d.toString("hex").toUpperCase(),
      base64: (d: Buffer) => d.toString("base64"),
      "sha256-hex": (d: Buffer) => `sha256=${d.toString("hex")}`,
    };
    for (const [form, spell] of Object.entries(forms)) {
      await settings({ webhookSignature: form });
      received = [];
      const tag = await emu.call("POST", "/public-api/resources/id-tags/v2.0", {
        body: { idTagUid: `04AB${form.length}${Date.now() % 1e6}`, status: "enabled", type: "rfid" },
      });
      expect(tag.status, tag.text).toBe(201);
      await flush();
      expect(received).toHaveLength(1);
      expect(received[0]!.signature, form).toBe(spell(hmac("test-api-key", received[0]!.raw)));
    }
  });

  it("sign with the short-lived token that made the subscription after it expired, or the updater's on request", async () => {
    await settings({ oauthTokenTtlSeconds: 60 });
    const token = await emu.call("POST", "/public-api/oauth/token", {
      key: null,
      rawBody: new URLSearchParams({ grant_type: "client_credentials", ...oauthForm() }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(token.body.expires_in).toBe(60);
    const creator: string = token.body.access_token;
    const id = await subscribe(["idTag.changed"], creator);
    clockMs += 61_000;
    expect((await emu.call("GET", NOTIFICATIONS, { key: creator })).status).toBe(401);
    await emu.call("POST", "/public-api/resources/id-tags/v2.0", {
      body: { idTagUid: "04AB000000AA01", status: "enabled", type: "rfid" },
    });
    await flush();
    expect(received.at(-1)!.signature).toBe(hmac(creator, received.at(-1)!.raw).toString("hex"));

    await settings({ webhookKeyAfterUpdate: "updater" });
    const update = await emu.call("PUT", `${NOTIFICATIONS}/${id}`, {
      body: { via: "webhook", notifications: ["idTag.changed"], webhook: { callbackUrl: receiverUrl } },
    });
    expect(update.status).toBe(200);
    await emu.call("POST", "/public-api/resources/id-tags/v2.0", {
      body: { idTagUid: "04AB000000AA02", status: "enabled", type: "rfid" },
    });
    await flush();
    expect(received.at(-1)!.signature).toBe(hmac("test-api-key", received.at(-1)!.raw).toString("hex"));
  });

  it("refuse the notifications listing with 403 for a token without the right", async () => {
    await settings({ forbiddenResources: ["notifications"] });
    const listing = await emu.call("GET", `${NOTIFICATIONS}?per_page=100`);
    expect(listing.status).toBe(403);
    expect(listing.body.message).toBe("This action is unauthorized.");
  });
});

function oauthForm() {
  return { client_id: OAUTH.clientId, client_secret: OAUTH.clientSecret };
}

describe("session billing after the stop", () => {
  /** Stops the running session under `sessionBilling`, with its updates subscribed and delivered. */
  async function stopBilledAs(sessionBilling: Record<string, unknown>) {
    await settings({ sessionBilling });
    await subscribe(["SessionUpdateNotification"]);
    const running = await runningSession();
    await emu.call("POST", `/__emulator/sessions/${running.id}/stop`);
    await flush();
    return running;
  }

  it("plays a provisional amount at the stop, then completed billing with the final amount", async () => {
    const running = await stopBilledAs({ atStop: "provisional", completesAfterMs: 120_000 });
    const atStop = received.map((r) => r.body.session).filter((s) => s.id === running.id);
    expect(atStop).toHaveLength(1);
    expect(atStop[0]).toMatchObject({ status: "finished", billingStatus: "pending" });
    const read = (await emu.call("GET", `${SESSIONS}/${running.id}`)).body.data;
    expect(read.billingStatus).toBe("pending");
    clockMs += 120_000;
    await flush();
    const final = received.map((r) => r.body.session).filter((s) => s.id === running.id);
    expect(final).toHaveLength(2);
    expect(final[1]).toMatchObject({ status: "finished", billingStatus: "completed" });
    expect(final[1].totalAmount.withTax).toBeGreaterThan(atStop[0].totalAmount.withTax);
    for (const r of received) validCallback(r.body);
  });

  it("plays no amount at all until billing completes", async () => {
    await stopBilledAs({ atStop: "none", completesAfterMs: 1_000 });
    expect(received[0]!.body.session).toMatchObject({ billingStatus: "pending", totalAmount: null });
    validCallback(received[0]!.body);
  });

  it("sends a long session's update with its clock-aligned energy, over 64 KB and valid", async () => {
    await settings({ sessionUpdateDetail: "clock-aligned" });
    await subscribe(["SessionUpdateNotification"]);
    const startedAt = new Date(clockMs - 10 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, "Z");
    const added = await emu.call("POST", `/__emulator/users/${NEW_DRIVER_ID}/sessions`, {
      body: { running: true, startedAt, powerW: 7400, locationId: 501, evseId: 50102 },
    });
    expect(added.status, added.text).toBe(201);
    await emu.call("POST", `/__emulator/sessions/${added.body.data[0].id}/stop`);
    await flush();
    const stop = received.find((r) => r.body.session.status === "finished")!;
    expect(Buffer.byteLength(stop.raw)).toBeGreaterThan(64 * 1024);
    expect(stop.body.session.clockAlignedEnergyConsumption.length).toBeGreaterThanOrEqual(600);
    validCallback(stop.body);
  });
});

describe("invoice links and records", () => {
  /** Read with the default settings first: without `userId` the listing would not tell whose an invoice is. */
  const firstInvoice = async (play: Record<string, unknown>) => {
    const listed = (await emu.call("GET", `${INVOICES}?per_page=100`)).body.data;
    const id = listed.find(
      (i: { userId: number; type: string }) => i.userId === DEMO_DRIVER_ID && i.type === "invoice",
    ).id;
    await settings(play);
    return (await emu.call("GET", `${INVOICES}/${id}`)).body.data;
  };

  it("puts files on another host, behind a redirect, as octet-stream", async () => {
    const other = emu.url.replace("127.0.0.1", "localhost");
    const invoice = await firstInvoice({
      invoiceLinks: { fileOrigin: other, redirect: true, contentType: "application/octet-stream" },
    });
    expect(new URL(invoice.downloadUrl).origin).toBe(new URL(emu.url).origin);
    const hop = await fetch(invoice.downloadUrl, { redirect: "manual" });
    expect(hop.status).toBe(302);
    const location = hop.headers.get("location")!;
    expect(new URL(location).origin).toBe(other);
    const file = await fetch(location);
    expect(file.headers.get("content-type")).toBe("application/octet-stream");
    expect(await magicOf(file)).toBe("%PDF-");
    const forged = invoice.downloadUrl.replace(/[0-9a-f](\.pdf)$/, (_: string, end: string) => `0${end}`);
    if (forged !== invoice.downloadUrl) expect((await fetch(forged, { redirect: "manual" })).status).toBe(403);
  });

  it("stalls a file after its first bytes", async () => {
    const file = await fetch((await firstInvoice({ invoiceLinks: { stall: true } })).downloadUrl);
    const reader = file.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(Buffer.from(first.value!).subarray(0, 5).toString()).toBe("%PDF-");
    expect(first.value!.byteLength).toBeLessThanOrEqual(512);
    await reader.cancel();
  });

  it("leaves userId or downloadUrl out of invoices (both optional in the subset)", async () => {
    const invoice = await firstInvoice({ invoiceFields: { userId: false, downloadUrl: false } });
    expect(invoice).not.toHaveProperty("userId");
    expect(invoice).not.toHaveProperty("downloadUrl");
    expect((await emu.call("GET", `${INVOICES}?per_page=5`)).body.data[0]).not.toHaveProperty("downloadUrl");
  });

  it("names the refunded invoice or the credit note on a refund; leaves voucher credits out of the ledger", async () => {
    const refunded = async () =>
      (await emu.call("GET", `${TX}?filter[userId]=${DEMO_DRIVER_ID}&filter[status]=refunded&cursor=`)).body.data[0];
    const note = await emu.call("GET", `${INVOICES}/${(await refunded()).invoiceId}`);
    expect(note.body.data.type).toBe("credit_note");
    await settings({ refundInvoice: "invoice" });
    const original = await emu.call("GET", `${INVOICES}/${(await refunded()).invoiceId}`);
    expect(original.body.data.type).toBe("invoice");

    await settings({ voucherCreditTransactions: false });
    await subscribe(["userBalance.changed", "transaction.changed"]);
    const redeemed = await emu.call("POST", `/public-api/actions/users/v2.0/${DEMO_DRIVER_ID}/redeem-voucher`, {
      body: { code: "WELCOME10" },
    });
    expect(redeemed.status).toBe(202);
    clockMs += 1_000;
    await flush();
    expect(received.map((r) => r.body.notification)).toEqual(["userBalance.changed"]);
    expect(received[0]!.body.transactionId).toBeNull();
    validCallback(received[0]!.body);
    const credits = await emu.call("GET", `${TX}?filter[userId]=${DEMO_DRIVER_ID}&filter[voucherId]=3001&cursor=`);
    expect(credits.body.data).toEqual([]);
  });
});

describe("invoice details", () => {
  it("answers in each manager's shape (validated against that manager's schema) and takes its own POST", async () => {
    for (const manager of ["cardcom", "softone", "ecpay"]) {
      await settings({ invoiceManager: manager });
      const read = await emu.call("GET", details(DEMO_DRIVER_ID));
      expect(read.status, manager).toBe(200);
      expect(read.body).not.toHaveProperty("requireInvoice");
    }
    const saved = await emu.call("POST", details(DEMO_DRIVER_ID), {
      body: {
        invoiceType: "Company",
        name: "Fleet Ltd",
        email: "fleet@example.com",
        phone: "+886 2 1234",
        companyId: "12345678",
      },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ invoiceType: "Company", companyId: "12345678" });
    const refused = await emu.call("POST", details(DEMO_DRIVER_ID), { body: { requireInvoice: true } });
    expect(refused.status).toBe(422);
  });

  it("replaces what a POST leaves out by default, keeps it under merge", async () => {
    const full = {
      requireInvoice: true,
      invoiceType: "individual",
      individualName: "Demi Driver",
      individualTaxId: "NL-TAX-1",
      region: "Noord-Holland",
      country: "NL",
      city: "Amsterdam",
      postCode: "1015 CJ",
      address: "Keizersgracht 1",
    };
    expect((await emu.call("POST", details(DEMO_DRIVER_ID), { body: full })).status).toBe(200);
    const partial = { requireInvoice: true, invoiceType: "individual", individualName: "Demi D." };
    const replaced = await emu.call("POST", details(DEMO_DRIVER_ID), { body: partial });
    expect(replaced.body).toMatchObject({ individualName: "Demi D.", individualTaxId: null, city: null });
    expect(replaced.body).not.toHaveProperty("country");

    await settings({ invoiceDetailsSave: "merge" });
    expect((await emu.call("POST", details(DEMO_DRIVER_ID), { body: full })).status).toBe(200);
    const merged = await emu.call("POST", details(DEMO_DRIVER_ID), { body: partial });
    expect(merged.body).toMatchObject({ individualName: "Demi D.", individualTaxId: "NL-TAX-1", country: "NL" });
  });
});
