import "server-only";
import type { MoneyApi } from "../../apis";
import {
  PlatformArgumentError,
  PlatformForbiddenError,
  PlatformNotFoundError,
  PlatformRateLimitedError,
  PlatformResponseError,
  PlatformUnavailableError,
  isPlatformError,
} from "../../errors";
import { balanceEffectOf } from "../../ledger";
import { defaultPlatformLogger, type PlatformCallOutcome } from "../../logging";
import { DEFAULT_MAX_PAGES } from "../../pagination";
import { nullWhenNotFound, readOne } from "../../reads";
import type { PlatformRequester, PlatformRequesterOptions } from "../../request";
import type { BillingDetails, Invoice, IterateOptions, Transaction, TransactionFilter } from "../../types";
import { TRANSACTION_KINDS, TRANSACTION_STATUSES } from "../../types";
import { wireItem } from "../../wire";
import { cursorPages } from "./paging";
import { AmpecoInvoice, AmpecoInvoiceDetails, AmpecoTransaction, ampecoList } from "./schemas";
import { instant } from "./session-walk";

/**
 * Transactions, invoices and invoice details v1.0. The listing's order is not documented, so a driver's transactions
 * are read whole and sorted here (newest first); readings and limits: docs/design-notes.md#libplatformdialectsampecomoneyts.
 */
const TransactionList = ampecoList(AmpecoTransaction);
const InvoiceResponse = wireItem(AmpecoInvoice);

const oneOf = <T extends string>(values: readonly T[], value: string | null | undefined): T | undefined =>
  values.find((v) => v === value);

const utcIso = (value: string, endpoint: "transactions.list" | "invoices.get"): string => {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new PlatformResponseError(endpoint, "a date that is not a date");
  return new Date(ms).toISOString();
};

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
    userId: wire.userId,
    totalAmount: wire.totalAmount,
    taxAmount: wire.taxAmount,
    downloadUrl: wire.downloadUrl,
  };
}

const orNull = (value: string | null | undefined) => (value === undefined || value === null ? null : value);

function toBillingDetails(wire: AmpecoInvoiceDetails): BillingDetails {
  return {
    requireInvoice: wire.requireInvoice,
    clientType: wire.invoiceType === "individual" || wire.invoiceType === "company" ? wire.invoiceType : null,
    individualName: orNull(wire.individualName),
    companyName: orNull(wire.companyName),
    companyTaxId: orNull(wire.companyTaxId),
    companyRegNo: orNull(wire.companyRegNo),
    country: wire.country && /^[A-Z]{2}$/.test(wire.country) ? wire.country : null,
    city: orNull(wire.city),
    postCode: orNull(wire.postCode),
    address: orNull(wire.address),
  };
}

const blankToNull = (value: string | null) => (value === null || value.trim() === "" ? null : value.trim());

/** The POST body; a country cannot be cleared (the subset's list holds no null), so an unset one is left out. */
function detailsBody(details: BillingDetails) {
  if (details.clientType === null)
    throw new PlatformArgumentError("invoiceDetails.save", "the platform needs a client type (individual or company)");
  const country = blankToNull(details.country);
  return {
    requireInvoice: details.requireInvoice,
    invoiceType: details.clientType,
    individualName: blankToNull(details.individualName),
    companyName: blankToNull(details.companyName),
    companyTaxId: blankToNull(details.companyTaxId),
    companyRegNo: blankToNull(details.companyRegNo),
    ...(country === null ? {} : { country: country.toUpperCase() }),
    city: blankToNull(details.city),
    postCode: blankToNull(details.postCode),
    address: blankToNull(details.address),
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
  requester: PlatformRequester;
  /** For the PDF download, which is not an API call: its fetch, clock, timeout and log. */
  requesterOptions: Omit<PlatformRequesterOptions, "endpoints" | "tokenSource">;
}

export function createAmpecoMoneyApi({ requester, requesterOptions }: AmpecoMoneyDeps): MoneyApi {
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
  function logDownload(started: number, status: number | null, outcome: PlatformCallOutcome) {
    try {
      log({
        endpoint: "invoices.get",
        method: "GET",
        path: "(the invoice's downloadUrl)",
        status,
        outcome,
        durationMs: Math.max(0, Math.round(now() - started)),
        attempts: status === null && outcome === "bad_response" ? 0 : 1,
      });
    } catch {
      /* a failing logger must not fail the download */
    }
  }

  async function fetchPdf(link: URL): Promise<Response> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, requesterOptions.timeoutMs);
    try {
      // No key: the signed link is its own authority; no redirects, which could lead elsewhere.
      return await (requesterOptions.fetch ?? globalThis.fetch)(link, {
        headers: { Accept: "application/pdf" },
        redirect: "manual",
        signal: controller.signal,
      });
    } catch (cause) {
      throw new PlatformUnavailableError("invoices.get", timedOut ? "timeout" : "network", {
        cause,
        timeoutMs: timedOut ? requesterOptions.timeoutMs : undefined,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  function refusal(status: number): Error {
    if (status === 404 || status === 410) return new PlatformNotFoundError("invoices.get");
    if (status === 401 || status === 403) return new PlatformForbiddenError("invoices.get");
    if (status === 429) return new PlatformRateLimitedError("invoices.get", null);
    if (status >= 500) return new PlatformUnavailableError("invoices.get", "server", { status });
    return new PlatformResponseError("invoices.get", `unexpected status ${status} for the PDF`, { status });
  }

  async function openInvoicePdf(invoice: Invoice): Promise<ReadableStream<Uint8Array>> {
    const started = now();
    let link: URL;
    try {
      link = new URL(invoice.downloadUrl);
    } catch {
      link = new URL("invalid:");
    }
    // Inferred, the stricter reading: a link off the platform's own origin is never fetched.
    if (link.origin !== platformOrigin) {
      logDownload(started, null, "bad_response");
      throw new PlatformResponseError("invoices.get", "the download link points outside the platform origin");
    }
    let status: number | null = null;
    try {
      const response = await fetchPdf(link);
      status = response.status;
      const type = response.headers.get("content-type") ?? "";
      if (status < 200 || status > 299 || !response.body || !/^application\/pdf\b/i.test(type)) {
        await response.body?.cancel();
        throw status >= 200 && status <= 299
          ? new PlatformResponseError("invoices.get", "the download is not a PDF", { status })
          : refusal(status);
      }
      logDownload(started, status, "ok");
      return response.body;
    } catch (error) {
      const outcome: PlatformCallOutcome = !isPlatformError(error)
        ? "bad_response"
        : error instanceof PlatformUnavailableError
          ? error.kind
          : (error.code as PlatformCallOutcome);
      logDownload(started, status, outcome);
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

    openInvoicePdf,

    async getBillingDetails(userId: number): Promise<BillingDetails> {
      const { data } = await requester.request({
        endpoint: "invoiceDetails.get",
        params: { id: userId },
        schema: AmpecoInvoiceDetails,
      });
      return toBillingDetails(data);
    },

    /** A 422 names the platform's fields; lib/core maps them to the form's (`invoiceType` → `clientType`). */
    async saveBillingDetails(userId: number, details: BillingDetails): Promise<BillingDetails> {
      const { data } = await requester.request({
        endpoint: "invoiceDetails.save",
        params: { id: userId },
        body: detailsBody(details),
        schema: AmpecoInvoiceDetails,
      });
      return toBillingDetails(data);
    },
  };
}
