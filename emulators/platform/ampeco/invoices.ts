import PDFDocument from "pdfkit";
import { z } from "zod";
import { instantFilter, json, notFound, parseId, readFilters, validate } from "../http";
import type { Route, RouteContext } from "../router";
import { round2 } from "../seed";
import type { EmulatorState, InvoiceRecord } from "../store";
import { toUtcIso } from "../time";
import { detailsOf } from "./invoice-details";
import { INVOICE_COUNTRIES } from "./invoice-enums";
import { listMode, pagedResponse } from "./paging";
import { SIGNED_FILE, signedFileName, verifiedFileId } from "./signed-files";
import { asBadRequest } from "./transactions";

/**
 * Invoices v1.0: page-mode listing with no user filter (as published), reads with a `downloadUrl` signed with the
 * emulator's key that expires after 24 hours on its clock; the link is its own authority, like a storage URL. The
 * `invoiceLinks` and `invoiceFields` settings play other tenants: files on another host, behind a redirect, sent as
 * `octet-stream` or stalling, and records without `userId` or `downloadUrl`.
 */
export const INVOICE_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const INVOICE_FILE_PREFIX = "/invoice-files/";
/** The API origin's link that redirects to the file (`invoiceLinks.redirect`). */
export const INVOICE_REDIRECT_PREFIX = "/invoice-links/";
/** What a stalling file sends before it stops (`invoiceLinks.stall`). */
const STALLED_BYTES = 512;

const INVOICES = /^\/public-api\/resources\/invoices\/v1\.0$/;
const INVOICE = /^\/public-api\/resources\/invoices\/v1\.0\/([^/]+)$/;

const INVOICE_FILE = new RegExp(`^\\/invoice-files\\/${SIGNED_FILE}`);
const INVOICE_REDIRECT = new RegExp(`^\\/invoice-links\\/${SIGNED_FILE}`);

const ListFilterSchema = z.object({ issuedFrom: instantFilter, issuedTo: instantFilter });

type LinkContext = Pick<RouteContext, "url" | "now" | "options" | "runtime">;

/** Links on the origin the platform was called on (or the file host the settings name): the portal's server fetches them. */
export function invoiceDownloadUrl(ctx: LinkContext, invoiceId: number): string {
  const file = signedFileName(ctx, "invoice", invoiceId, INVOICE_LINK_TTL_MS);
  const { fileOrigin, redirect } = ctx.runtime.settings.invoiceLinks;
  if (redirect) return `${ctx.url.origin}${INVOICE_REDIRECT_PREFIX}${file}`;
  return `${fileOrigin ?? ctx.url.origin}${INVOICE_FILE_PREFIX}${file}`;
}

/** Amounts include tax; subtotal and tax are derived from the total so they always add up. */
function amountsOf(invoice: InvoiceRecord) {
  const subtotal = round2(invoice.totalAmount / (1 + invoice.taxRate / 100));
  const taxAmount = round2(invoice.totalAmount - subtotal);
  const unitPrice = invoice.quantity > 0 ? round2(subtotal / invoice.quantity) : subtotal;
  return { subtotal, taxAmount, unitPrice };
}

/** The client block from the user's invoice details where they are set, else from the profile. */
function clientOf(state: EmulatorState, userId: number) {
  const user = state.users.find((u) => u.id === userId);
  const details = detailsOf(state, userId);
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  const country = text(details.country) ?? user?.country ?? "NL";
  const company = details.invoiceType === "company";
  const person = [user?.firstName, user?.lastName].filter(Boolean).join(" ");
  const name = (company ? text(details.companyName) : text(details.individualName)) ?? (person || user?.email || "");
  const optional = {
    id: company ? text(details.companyRegNo) : text(details.individualPersonalId),
    taxId: company ? text(details.companyTaxId) : text(details.individualTaxId),
    city: text(details.city) ?? user?.city ?? undefined,
    post_code: text(details.postCode) ?? user?.postCode ?? undefined,
    address: text(details.address) ?? user?.address ?? undefined,
  };
  return {
    type: company ? "company" : "individual",
    name,
    email: user?.email ?? "",
    country: INVOICE_COUNTRIES.includes(country) ? country : "NL",
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
  };
}

function invoiceView(ctx: LinkContext & Pick<RouteContext, "state">, invoice: InvoiceRecord) {
  const fields = ctx.runtime.settings.invoiceFields;
  return {
    id: invoice.id,
    type: invoice.type,
    number: invoice.number,
    date: toUtcIso(invoice.date),
    ...(fields.userId ? { userId: invoice.userId } : {}),
    periodFrom: invoice.periodFrom === null ? null : toUtcIso(invoice.periodFrom),
    periodTo: invoice.periodTo === null ? null : toUtcIso(invoice.periodTo),
    totalEnergy: invoice.totalEnergy,
    totalAmount: invoice.totalAmount,
    taxRate: invoice.taxRate,
    service: invoice.service,
    quantity: invoice.quantity,
    ...amountsOf(invoice),
    ...(fields.downloadUrl ? { downloadUrl: invoiceDownloadUrl(ctx, invoice.id) } : {}),
    client: clientOf(ctx.state, invoice.userId),
  };
}

function listInvoices(ctx: RouteContext) {
  const { url, state, runtime } = ctx;
  return asBadRequest(() => {
    const filter = validate(ListFilterSchema, readFilters(url, ["issuedFrom", "issuedTo"]), "filter.");
    const found = state.invoices
      .filter((i) => filter.issuedFrom === undefined || Date.parse(i.date) >= filter.issuedFrom)
      .filter((i) => filter.issuedTo === undefined || Date.parse(i.date) <= filter.issuedTo)
      .sort((a, b) => a.id - b.id);
    return pagedResponse(found, url, (i) => invoiceView(ctx, i), {
      ...listMode({ runtime }, false),
      pageOnlyList: true,
    });
  });
}

function getInvoice(ctx: RouteContext) {
  const id = parseId(ctx.params[0], "Invoice");
  const invoice = ctx.state.invoices.find((i) => i.id === id);
  if (!invoice) throw notFound("Invoice", id);
  return json(200, { data: invoiceView(ctx, invoice) });
}

/** A one-page PDF naming the invoice (pdfkit's built-in Helvetica, so no font files). */
export function invoicePdf(state: EmulatorState, invoice: InvoiceRecord): Promise<Buffer> {
  const { subtotal, taxAmount } = amountsOf(invoice);
  const title = `${invoice.type === "credit_note" ? "Credit note" : "Invoice"} ${invoice.number}`;
  const client = clientOf(state, invoice.userId);
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: 56, info: { Title: title, Subject: invoice.number } });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(18).text(title);
    doc.moveDown().fontSize(11);
    doc.text(`Date: ${toUtcIso(invoice.date)}`);
    doc.text(`Client: ${client.name} (${client.country})`);
    doc.text(`${invoice.service}: ${invoice.quantity} x`);
    doc.text(`Subtotal: ${subtotal.toFixed(2)}  VAT ${invoice.taxRate}%: ${taxAmount.toFixed(2)}`);
    doc.text(`Total: ${invoice.totalAmount.toFixed(2)}`);
    doc.moveDown().fontSize(8).text("Platform emulator: demo data, not a tax document.");
    doc.end();
  });
}

/** The invoice a signed link names: 403 for a link the emulator did not sign, 410 once expired, 404 for one gone since. */
function signedInvoice(ctx: RouteContext): InvoiceRecord {
  const invoiceId = verifiedFileId(ctx, "invoice");
  const invoice = ctx.state.invoices.find((i) => i.id === invoiceId);
  if (!invoice) throw notFound("Invoice", invoiceId);
  return invoice;
}

/** The first bytes, then nothing more until the reader gives up (`invoiceLinks.stall`). */
function stalled(pdf: Buffer): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(pdf.subarray(0, STALLED_BYTES)));
    },
  });
}

async function invoiceFile(ctx: RouteContext) {
  const invoice = signedInvoice(ctx);
  const pdf = await invoicePdf(ctx.state, invoice);
  const { contentType, stall } = ctx.runtime.settings.invoiceLinks;
  return new Response(stall ? stalled(pdf) : new Uint8Array(pdf), {
    status: 200,
    headers: {
      "content-type": contentType,
      "content-disposition": `attachment; filename="${invoice.number}.pdf"`,
      "cache-control": "private, no-store",
    },
  });
}

/** `invoiceLinks.redirect`: the API origin's link answers 302 to the file, on the file host when one is set. */
function invoiceRedirect(ctx: RouteContext) {
  signedInvoice(ctx);
  const origin = ctx.runtime.settings.invoiceLinks.fileOrigin ?? ctx.url.origin;
  const target = `${origin}${INVOICE_FILE_PREFIX}${ctx.url.pathname.slice(INVOICE_REDIRECT_PREFIX.length)}`;
  return new Response(null, { status: 302, headers: { location: target, "cache-control": "no-store" } });
}

export const ampecoInvoiceRoutes: Route[] = [
  { method: "GET", pattern: INVOICES, handler: listInvoices },
  { method: "GET", pattern: INVOICE, handler: getInvoice },
];
export const invoiceFileRoutes: Route[] = [
  { method: "GET", pattern: INVOICE_FILE, handler: invoiceFile },
  { method: "GET", pattern: INVOICE_REDIRECT, handler: invoiceRedirect },
];
