import { z } from "zod";

/**
 * The emulator's settings for what AMPECO leaves open about callbacks and money (issue 34): each plays a tenant the
 * portal must cope with. Defaults keep what the emulator did before, except where the docs are silent and the old
 * default was the lenient reading (invoice details now replace on POST). Part of ./settings.ts.
 */
export const WEBHOOK_SIGNATURES = ["hex", "hex-upper", "base64", "sha256-hex"] as const;
export const INVOICE_MANAGERS = ["ampeco", "cardcom", "softone", "ecpay"] as const;
export type EmulatorInvoiceManager = (typeof INVOICE_MANAGERS)[number];

const SessionBillingSchema = z
  .object({
    /** What a stopped session says until its billing completes: its final amount, a provisional one, or none. */
    atStop: z.enum(["final", "provisional", "none"]).default("final"),
    /** How long after the stop billing completes (with the final amount), on the emulator's clock. */
    completesAfterMs: z.int().min(0).max(86_400_000).default(60_000),
  })
  .strict();

const InvoiceLinksSchema = z
  .object({
    /** Where the files are served: the origin the API was called on (null), or another host (a storage host). */
    fileOrigin: z
      .string()
      .max(200)
      .regex(/^https?:\/\/[^/?#\s]+$/i, "An origin, such as https://files.tenant.example.")
      .nullable()
      .default(null),
    /** The link is on the API's origin and answers 302 to the file. */
    redirect: z.boolean().default(false),
    /** The file's Content-Type. */
    contentType: z
      .enum(["application/pdf", "application/octet-stream", "binary/octet-stream"])
      .default("application/pdf"),
    /** The file's body stops after its first bytes and never ends. */
    stall: z.boolean().default(false),
  })
  .strict();

const InvoiceFieldsSchema = z
  .object({
    /** Invoices carry `userId` (optional in the subset). */
    userId: z.boolean().default(true),
    /** Invoices carry `downloadUrl` (optional in the subset). */
    downloadUrl: z.boolean().default(true),
  })
  .strict();

export const goLiveSettings = {
  /** How `X-Signature` spells the HMAC: lower-case hex (inferred), upper-case hex, base64, or `sha256=` and hex. */
  webhookSignature: z.enum(WEBHOOK_SIGNATURES).default("hex"),
  /** Whose token signs a subscription's callbacks after a PUT: its creator's (the subset's words) or the updater's. */
  webhookKeyAfterUpdate: z.enum(["creator", "updater"]).default("creator"),
  /** Lifetime in seconds of OAuth tokens issued from now on (a subscription keeps signing with its creator's). */
  oauthTokenTtlSeconds: z.int().min(1).max(86_400).default(3600),
  sessionBilling: SessionBillingSchema.default({ atStop: "final", completesAfterMs: 60_000 }),
  /** A session update carries its clock-aligned energy per minute: a long session's passes 64 KB. */
  sessionUpdateDetail: z.enum(["plain", "clock-aligned"]).default("plain"),
  invoiceLinks: InvoiceLinksSchema.default({
    fileOrigin: null,
    redirect: false,
    contentType: "application/pdf",
    stall: false,
  }),
  invoiceFields: InvoiceFieldsSchema.default({ userId: true, downloadUrl: true }),
  /** The tenant's invoice manager: the shape of invoice details read and written. */
  invoiceManager: z.enum(INVOICE_MANAGERS).default("ampeco"),
  /** What a POST of invoice details does with fields it leaves out: clears them (the stricter reading) or keeps them. */
  invoiceDetailsSave: z.enum(["replace", "merge"]).default("replace"),
  /** A voucher's credit shows as a transaction; false: the balance moves with no transaction (`transactionId` null). */
  voucherCreditTransactions: z.boolean().default(true),
  /** What a refunded transaction's `invoiceId` names: its credit note (inferred), or the invoice it refunds. */
  refundInvoice: z.enum(["credit-note", "invoice"]).default("credit-note"),
};
