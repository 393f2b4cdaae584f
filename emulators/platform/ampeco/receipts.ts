import PDFDocument from "pdfkit";
import { json, notFound, parseId, readFilters } from "../http";
import type { Route, RouteContext } from "../router";
import { round2 } from "../seed";
import { SEED_LOCATIONS } from "../seed-data";
import { partnerOf } from "../settings";
import type { SessionRecord } from "../store";
import { toUtcIso } from "../time";
import { liveMeasures } from "../views";
import { listMode, pagedResponse } from "./paging";
import { priceBreakdownOf } from "./price-breakdown";
import { billingOf, hasReceipt, receiptIdOf, sessionIdOfReceipt, withoutTax } from "./session-billing";
import { SIGNED_FILE, signedFileName, verifiedFileId } from "./signed-files";
import { DEFAULT_TAX_ID, TAX_PERCENTAGE } from "./tariff-book";

/**
 * Receipts v2.0: the platform's own receipt of each session whose billing completed with an amount (the session's
 * `receiptId` names it), paid, with the tenant's default tax; `periodStart`/`periodEnd` are for monthly receipts, so
 * null here, and a period filter matches none of them (*inferred*). Page mode only, as published. `downloadUrl` is a
 * signed PDF link on the API's origin, valid 24 hours, like an invoice's.
 */
export const RECEIPT_FILE_PREFIX = "/receipt-files/";
const RECEIPT_LINK_TTL_MS = 24 * 60 * 60 * 1000;
const RECEIPTS = /^\/public-api\/resources\/receipts\/v2\.0$/;
const RECEIPT = /^\/public-api\/resources\/receipts\/v2\.0\/([^/]+)$/;
const RECEIPT_FILE = new RegExp(`^\\/receipt-files\\/${SIGNED_FILE}`);

type ReceiptContext = Pick<RouteContext, "url" | "now" | "options" | "runtime">;

const billedAmount = (session: SessionRecord, ctx: Pick<RouteContext, "now" | "runtime">) =>
  billingOf(session, ctx.now, ctx.runtime.settings.sessionBilling, liveMeasures(session, ctx.now).amount);

const withReceipt = (session: SessionRecord, ctx: Pick<RouteContext, "now" | "runtime">) =>
  hasReceipt(session, billedAmount(session, ctx));

const receiptNumber = (session: SessionRecord) =>
  `RC-${(session.stoppedAt ?? session.startedAt).slice(0, 4)}-${String(receiptIdOf(session.id)).padStart(7, "0")}`;

function receiptView(session: SessionRecord, ctx: ReceiptContext) {
  const id = receiptIdOf(session.id);
  return {
    id,
    receiptNo: receiptNumber(session),
    userId: session.userId,
    totalKwh: Math.round(session.energy) / 1000,
    periodStart: null,
    periodEnd: null,
    totalAmount: session.amount,
    tax: { taxId: DEFAULT_TAX_ID, taxPercentage: TAX_PERCENTAGE },
    paymentStatus: "paid",
    downloadUrl: `${ctx.url.origin}${RECEIPT_FILE_PREFIX}${signedFileName(ctx, "receipt", id, RECEIPT_LINK_TTL_MS)}`,
  };
}

function listReceipts(ctx: RouteContext) {
  const raw = readFilters(ctx.url, ["userId", "taxId", "paymentStatus", "periodStart", "periodEnd"]);
  const receipts = ctx.state.sessions
    .filter((s) => withReceipt(s, ctx))
    .filter((s) => raw.userId === undefined || String(s.userId) === raw.userId)
    .filter(() => raw.taxId === undefined || raw.taxId === String(DEFAULT_TAX_ID))
    .filter(() => raw.paymentStatus === undefined || raw.paymentStatus === "paid")
    .filter(() => raw.periodStart === undefined && raw.periodEnd === undefined)
    .sort((a, b) => a.id - b.id);
  return pagedResponse(receipts, ctx.url, (s) => receiptView(s, ctx), { ...listMode(ctx, false), pageOnlyList: true });
}

function sessionOfReceipt(ctx: RouteContext, id: number): SessionRecord {
  const session = ctx.state.sessions.find((s) => s.id === sessionIdOfReceipt(id));
  if (!session || !withReceipt(session, ctx)) throw notFound("Receipt", id);
  return session;
}

function readReceipt(ctx: RouteContext) {
  const id = parseId(ctx.params[0], "Receipt");
  return json(200, { data: receiptView(sessionOfReceipt(ctx, id), ctx) });
}

/** A one-page PDF: the seller (the user's partner where it is the supplier on receipts), the charge, the tax. */
function receiptPdf(ctx: RouteContext, session: SessionRecord): Promise<Buffer> {
  const user = ctx.state.users.find((u) => u.id === session.userId);
  const partner = partnerOf(ctx.runtime.settings, user?.partnerId ?? null);
  const seller = partner?.supplierOnReceipts ? partner : null;
  const place = SEED_LOCATIONS.find((l) => l.id === session.locationId)?.name.en ?? `Location ${session.locationId}`;
  const net = withoutTax(session.amount);
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: 56, info: { Title: `Receipt ${receiptNumber(session)}` } });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(18).text(`Receipt ${receiptNumber(session)}`);
    doc.moveDown().fontSize(11);
    if (seller) doc.text(`${seller.businessName ?? seller.name}, ${seller.address ?? ""}, VAT ${seller.vatNo ?? "-"}`);
    doc.text(`${place}, ${toUtcIso(session.startedAt)} to ${toUtcIso(session.stoppedAt ?? session.startedAt)}`);
    for (const line of priceBreakdownOf(session, ctx.now))
      doc.text(`${line.type}: ${line.quantity} ${line.unit} = ${line.price.withTax.toFixed(2)} ${session.currency}`);
    doc.text(`Net ${net.toFixed(2)}  VAT ${TAX_PERCENTAGE}% ${round2(session.amount - net).toFixed(2)}`);
    doc.text(`Total ${session.amount.toFixed(2)} ${session.currency}`);
    doc.moveDown().fontSize(8).text("Platform emulator: demo data, not a tax document.");
    doc.end();
  });
}

async function receiptFile(ctx: RouteContext) {
  const session = sessionOfReceipt(ctx, verifiedFileId(ctx, "receipt"));
  const pdf = await receiptPdf(ctx, session);
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${receiptNumber(session)}.pdf"`,
      "cache-control": "private, no-store",
    },
  });
}

export const ampecoReceiptRoutes: Route[] = [
  { method: "GET", pattern: RECEIPTS, handler: listReceipts },
  { method: "GET", pattern: RECEIPT, handler: readReceipt },
];
export const receiptFileRoutes: Route[] = [{ method: "GET", pattern: RECEIPT_FILE, handler: receiptFile }];
