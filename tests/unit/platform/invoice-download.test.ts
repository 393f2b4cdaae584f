import { beforeEach, describe, expect, it } from "vitest";
import { createPlatformEmulator, DEMO_DRIVER_ID, type PlatformEmulator } from "@/emulators/platform";
import { MAX_INVOICE_REDIRECTS } from "@/lib/platform/dialects/ampeco/invoice-download";
import { createPlatformClient, type PlatformClient } from "@/lib/platform/client";
import { invoicePdfProblemOf, PlatformUnavailableError } from "@/lib/platform/errors";
import type { Invoice } from "@/lib/platform/types";

/**
 * Issue 34: invoice PDFs as real tenants may serve them (docs/platform-fidelity.md, A3, A4), each played by the
 * emulator's `invoiceLinks` and `invoiceFields` settings: a file host, a redirect, `octet-stream`, a stalled body,
 * no `userId`, no `downloadUrl`. The fetch below reaches the emulator whatever host a link names.
 */
const KEY = "invoice-download-key";
const BASE = "http://tenant.ampeco.test";
const FILES = "https://files.tenant.example";

interface Sent {
  url: string;
  authorization: string | null;
}

let emulator: PlatformEmulator;
let client: PlatformClient;
let sent: Sent[];
/** Answers instead of the emulator for these URLs (a host that misbehaves). */
let overrides: Map<string, () => Response>;

function setup(timeoutMs = 2_000) {
  emulator = createPlatformEmulator({ dialect: "ampeco", apiKey: KEY, readOnlyKey: "ro-key", voucherDelayMs: 0 });
  sent = [];
  overrides = new Map();
  client = createPlatformClient({
    dialect: "ampeco",
    baseUrl: BASE,
    apiKey: KEY,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      sent.push({ url: request.url, authorization: request.headers.get("authorization") });
      const override = overrides.get(request.url);
      return override ? override() : emulator.handle(request);
    },
    timeoutMs,
    maxRetries: 0,
    retryCapMs: 100,
    partnerId: 1116,
    userGroupId: 257,
  });
}

async function play(settings: Record<string, unknown>) {
  const answer = await emulator.handle(
    new Request(`${BASE}/__emulator/settings`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(settings),
    }),
  );
  expect(answer.status, await answer.clone().text()).toBe(200);
}

/** The demo driver's first invoice, read under the settings in force. */
async function demoInvoice(): Promise<Invoice> {
  for await (const t of client.money!.iterateTransactions({ userId: DEMO_DRIVER_ID })) {
    if (t.invoiceId === null) continue;
    const invoice = await client.money!.getInvoice(t.invoiceId);
    if (invoice?.type === "invoice") return invoice;
  }
  throw new Error("no invoice for the demo driver");
}

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

beforeEach(() => setup());

describe("invoice PDFs off the API's origin", () => {
  it("follow a redirect to an https file host, take octet-stream by its bytes, and send the key to the API only", async () => {
    await play({ invoiceLinks: { fileOrigin: FILES, redirect: true, contentType: "application/octet-stream" } });
    const invoice = await demoInvoice();
    sent = [];
    const pdf = await bytesOf(await client.money!.openInvoicePdf(invoice));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(sent.map((s) => new URL(s.url).origin)).toEqual([BASE, FILES]);
    expect(sent[0]!.authorization).toBe(`Bearer ${KEY}`);
    expect(sent[1]!.authorization).toBeNull();
  });

  it("fetch a link on an https file host directly, without the key", async () => {
    await play({ invoiceLinks: { fileOrigin: FILES } });
    const invoice = await demoInvoice();
    expect(new URL(invoice.downloadUrl!).origin).toBe(FILES);
    sent = [];
    expect((await bytesOf(await client.money!.openInvoicePdf(invoice))).subarray(0, 5).toString()).toBe("%PDF-");
    expect(sent).toEqual([{ url: invoice.downloadUrl, authorization: null }]);
  });

  it("refuse a plain-http file host, before fetching it, in words the payments page names", async () => {
    await play({ invoiceLinks: { fileOrigin: "http://files.tenant.example", redirect: true } });
    const invoice = await demoInvoice();
    sent = [];
    const refused = await client.money!.openInvoicePdf(invoice).catch((error: unknown) => error);
    expect(invoicePdfProblemOf(refused)).toBe("unsafe-link");
    expect(sent.map((s) => new URL(s.url).origin)).toEqual([BASE]);
  });

  it("refuse a file that is not a PDF, whatever its type says, and a redirect loop", async () => {
    const invoice = await demoInvoice();
    overrides.set(
      invoice.downloadUrl!,
      () => new Response("<html>Sign in</html>", { headers: { "content-type": "text/html" } }),
    );
    expect(invoicePdfProblemOf(await client.money!.openInvoicePdf(invoice).catch((e: unknown) => e))).toBe("not-a-pdf");
    overrides.set(
      invoice.downloadUrl!,
      () => new Response("not a pdf", { headers: { "content-type": "application/pdf" } }),
    );
    expect(invoicePdfProblemOf(await client.money!.openInvoicePdf(invoice).catch((e: unknown) => e))).toBe("not-a-pdf");
    overrides.set(
      invoice.downloadUrl!,
      () => new Response(null, { status: 302, headers: { location: invoice.downloadUrl! } }),
    );
    sent = [];
    const loop = await client.money!.openInvoicePdf(invoice).catch((e: unknown) => e);
    expect(invoicePdfProblemOf(loop)).toBe("too-many-redirects");
    expect(sent).toHaveLength(MAX_INVOICE_REDIRECTS + 1);
  });

  it("cut a body that stalls after its first bytes: a timeout, not a download that never ends", async () => {
    setup(300);
    await play({ invoiceLinks: { stall: true } });
    const invoice = await demoInvoice();
    const stalled = await client.money!.openInvoicePdf(invoice).catch((error: unknown) => error);
    expect(stalled).toBeInstanceOf(PlatformUnavailableError);
    expect((stalled as PlatformUnavailableError).kind).toBe("timeout");
  });
});

describe("invoices without the optional fields", () => {
  it("read without userId or downloadUrl, and say there is no PDF instead of fetching", async () => {
    await play({ invoiceFields: { userId: false, downloadUrl: false } });
    const invoice = await demoInvoice();
    expect(invoice).toMatchObject({ userId: null, downloadUrl: null });
    sent = [];
    expect(invoicePdfProblemOf(await client.money!.openInvoicePdf(invoice).catch((e: unknown) => e))).toBe("no-link");
    expect(sent).toEqual([]);
  });
});
