import "server-only";
import type { MoneyApi } from "../../apis";
import { InvoicePdfError, PlatformResponseError, PlatformUnavailableError, isPlatformError } from "../../errors";
import { balanceEffectOf } from "../../ledger";
import { defaultPlatformLogger, type PlatformCallOutcome } from "../../logging";
import { DEFAULT_MAX_PAGES } from "../../pagination";
import { nullWhenNotFound, readOne } from "../../reads";
import type { PlatformRequesterOptions } from "../../request";
import type { AmpecoRequester } from "./endpoints";
import type { Invoice, IterateOptions, PlatformReceipt, Transaction, TransactionFilter } from "../../types";
import { TRANSACTION_KINDS, TRANSACTION_STATUSES } from "../../types";
import { wireItem } from "../../wire";
import { downloadInvoicePdf } from "./invoice-download";
import { cursorPages } from "./paging";
import { createAmpecoInvoiceDetails } from "./invoice-details";
import { AmpecoInvoice, AmpecoReceipt, AmpecoTransaction, ampecoList } from "./schemas";
import { instant } from "./session-walk";

/**
 * Transactions, invoices and invoice details v1.0 (./invoice-details.ts). The listing's order is not documented, so a driver's transactions
 * are read whole and sorted here (newest first); readings and limits: docs/design-notes.md#libplatformdialectsampecomoneyts.
 */
const TransactionList = ampecoList(AmpecoTransaction);
const InvoiceResponse = wireItem(AmpecoInvoice);
const ReceiptResponse = wireItem(AmpecoReceipt);

type PdfEndpoint = "invoices.get" | "receipts.get";

const oneOf = <T extends string>(values: readonly T[], value: string | null | undefined): T | undefined =>
  values.find((v) => v === value);

const utcIso = (value: string, endpoint: "transactions.list" | "invoices.get"): string => {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new PlatformResponseError(endpoint, "a date that is not a date");
  return new Date(ms).toISOString();
};

const toReceipt = (wire: AmpecoReceipt): PlatformReceipt => ({
  id: wire.id,
  number: wire.receiptNo,
  userId: wire.userId,
  totalAmount: wire.totalAmount,
  downloadUrl: wire.downloadUrl ?? null,
});

/** An unknown kind reads as a custom fee and an unknown status as pending (no balance effect): one odd record never fails a page. */
export function toTransaction(wire: AmpecoTransaction): Transaction {
  const billingType =
    wire.billingType === "internal" || wire.billingType === "external"
      ? wire.billingType
      : wire.paymentMethodId
        ? "external"
        : "internal";
  const base = {
    id: wire.id,
    date: utcIso(wire.date, "transactions.list"),
    userId: wire.userId ?? null,
    kind: oneOf(TRANSACTION_KINDS, wire.purchaseResourceType) ?? "custom_fee",
    // Typed an integer here, a string on the session itself: kept in the sessions' form.
    sessionId: wire.sessionId === null || wire.sessionId === undefined ? null : String(wire.sessionId),
    voucherId: wire.voucherId ?? null,
    amount: Math.abs(wire.totalAmount ?? 0),
    currency: wire.currency,
    status: oneOf(TRANSACTION_STATUSES, wire.status) ?? "pending",
    billingType,
    invoiceId: wire.invoiceId ?? null,
    receiptId: wire.receiptId ?? null,
    finalizedAt: wire.finalizedAt ? utcIso(wire.finalizedAt, "transactions.list") : null,
  } satisfies Omit<Transaction, "balanceEffect">;
  return { ...base, balanceEffect: balanceEffectOf(base) };
}

function toInvoice(wire: AmpecoInvoice): Invoice {
  return {
    id: wire.id,
    type: wire.type,
    number: wire.number,
    date: utcIso(wire.date, "invoices.get"),
    userId: wire.userId ?? null,
    totalAmount: wire.totalAmount,
    taxAmount: wire.taxAmount,
    downloadUrl: wire.downloadUrl ?? null,
  };
}

function inRange(t: Transaction, filter: TransactionFilter): boolean {
  const ms = Date.parse(t.date);
  const after = filter.createdAfter === undefined ? Number.NaN : Date.parse(filter.createdAfter);
  const before = filter.createdBefore === undefined ? Number.NaN : Date.parse(filter.createdBefore);
  return (Number.isNaN(after) || ms >= after) && (Number.isNaN(before) || ms <= before);
}

const newestFirst = (a: Transaction, b: Transaction) => Date.parse(b.date) - Date.parse(a.date) || b.id - a.id;

export interface AmpecoMoneyDeps {
  requester: AmpecoRequester;
  /** For the PDF download, which is not an API call: its fetch, clock, timeout and log. */
  requesterOptions: Omit<PlatformRequesterOptions, "endpoints" | "tokenSource">;
  /** The key or OAuth token, for a download link on the platform's own origin only. */
  bearer: () => Promise<string>;
}

export function createAmpecoMoneyApi({ requester, requesterOptions, bearer }: AmpecoMoneyDeps): MoneyApi {
  const log = requesterOptions.logger ?? defaultPlatformLogger;
  const now = requesterOptions.now ?? Date.now;
  const platformOrigin = new URL(requesterOptions.baseUrl).origin;

  function listQuery(filter: TransactionFilter) {
    const after = filter.createdAfter === undefined ? Number.NaN : Date.parse(filter.createdAfter);
    const before = filter.createdBefore === undefined ? Number.NaN : Date.parse(filter.createdBefore);
    return {
      "filter[userId]": filter.userId,
      "filter[createdAfter]": Number.isNaN(after) ? undefined : instant(after),
      "filter[createdBefore]": Number.isNaN(before) ? undefined : instant(before),
      "filter[purchaseType][]": filter.kinds,
    };
  }

  /** One log line for the download, as request() writes for API calls (the link itself is never logged). */
  function logDownload(endpoint: PdfEndpoint, started: number, status: number | null, outcome: PlatformCallOutcome) {
    try {
      log({
        endpoint,
        method: "GET",
        path: "(the record's downloadUrl)",
        status,
        outcome,
        durationMs: Math.max(0, Math.round(now() - started)),
        attempts: status === null && outcome === "bad_response" ? 0 : 1,
      });
    } catch {
      /* a failing logger must not fail the download */
    }
  }

  /** The PDF whole (a download fails in words before the answer starts, never halfway), as a stream. */
  async function openPdf(endpoint: PdfEndpoint, downloadUrl: string | null): Promise<ReadableStream<Uint8Array>> {
    const started = now();
    try {
      if (downloadUrl === null) throw new InvoicePdfError("no-link");
      const pdf = await downloadInvoicePdf(downloadUrl, {
        platformOrigin,
        bearer,
        fetch: requesterOptions.fetch ?? globalThis.fetch,
        timeoutMs: requesterOptions.timeoutMs,
      });
      logDownload(endpoint, started, 200, "ok");
      return new ReadableStream({
        start(controller) {
          controller.enqueue(pdf.bytes);
          controller.close();
        },
      });
    } catch (error) {
      const outcome: PlatformCallOutcome = !isPlatformError(error)
        ? "bad_response"
        : error instanceof PlatformUnavailableError
          ? error.kind
          : (error.code as PlatformCallOutcome);
      logDownload(endpoint, started, isPlatformError(error) ? (error.status ?? null) : null, outcome);
      throw error;
    }
  }

  return {
    async *iterateTransactions(
      filter: TransactionFilter,
      options: IterateOptions = {},
    ): AsyncGenerator<Transaction, void, undefined> {
      if (filter.kinds !== undefined && filter.kinds.length === 0) return;
      const call = { endpoint: "transactions.list" as const, query: listQuery(filter), schema: TransactionList };
      const found: Transaction[] = [];
      for await (const page of cursorPages(requester, call, options.perPage, options.maxPages ?? DEFAULT_MAX_PAGES)) {
        for (const wire of page.data) {
          const t = toTransaction(wire);
          // Only the driver's, in range and of the kinds asked, whatever the platform's filters did.
          if (t.userId !== filter.userId || !inRange(t, filter)) continue;
          if (filter.kinds !== undefined && !filter.kinds.includes(t.kind)) continue;
          found.push(t);
        }
      }
      yield* found.sort(newestFirst);
    },

    getTransaction: (id: number) =>
      nullWhenNotFound(async () => {
        const { data } = await requester.request({
          endpoint: "transactions.get",
          params: { id },
          schema: AmpecoTransaction,
        });
        return toTransaction(data);
      }),

    getInvoice: (id: number) =>
      readOne(requester, { endpoint: "invoices.get", id, schema: InvoiceResponse }, toInvoice),

    openInvoicePdf: (invoice: Invoice) => openPdf("invoices.get", invoice.downloadUrl),

    getReceipt: (id: number) =>
      readOne(requester, { endpoint: "receipts.get", id, schema: ReceiptResponse }, toReceipt),

    openReceiptPdf: (receipt: PlatformReceipt) => openPdf("receipts.get", receipt.downloadUrl),

    ...createAmpecoInvoiceDetails(requester),
  };
}
