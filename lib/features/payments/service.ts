import "server-only";
import type { MoneyApi } from "@/lib/platform/apis";
import type { Invoice, Transaction } from "@/lib/platform/types";
import { defaultPaymentDeps, logPaymentError, type PaymentDeps } from "./deps";
import { matchesTransactionFilter, toTransactionFilter, type PaymentRangeFilter } from "./filters";

/** The driver's ledger and invoices, every row and invoice checked here (docs/design-notes.md#libfeaturespayments). */

export const LEDGER_PAGE_SIZE = 25;

/** At most `width` platform reads at a time, results in the order of `items`. */
async function mapLimited<T, R>(items: readonly T[], width: number, read: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += width)
    results.push(...(await Promise.all(items.slice(start, start + width).map(read))));
  return results;
}

/** A driver's matching transactions, newest first as the platform lists them, rows outside the filter dropped. */
export async function* iterateDriverTransactions(
  platformUserId: number,
  range: PaymentRangeFilter,
  money: MoneyApi,
): AsyncGenerator<Transaction, void, undefined> {
  const filter = toTransactionFilter(platformUserId, range);
  for await (const transaction of money.iterateTransactions(filter)) {
    if (matchesTransactionFilter(transaction, filter)) yield transaction;
  }
}

/** Page by page for a CSV: one chunk per `size` rows, so the stream holds a page, never the history. */
export async function* iterateDriverTransactionPages(
  platformUserId: number,
  range: PaymentRangeFilter,
  money: MoneyApi,
  size = 100,
): AsyncGenerator<Transaction[], void, undefined> {
  let page: Transaction[] = [];
  for await (const transaction of iterateDriverTransactions(platformUserId, range, money)) {
    page.push(transaction);
    if (page.length === size) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}

export interface LedgerRow {
  transaction: Transaction;
  /** The invoice behind `invoiceId`, read for its number and type; null when unread or not the driver's. */
  invoice: (Pick<Invoice, "id" | "number" | "type"> & { hasPdf: boolean }) | null;
}

/**
 * An invoice reached through one of the driver's own transactions is theirs unless it names another user: `userId`
 * is optional on the platform, and the transaction is then the proof.
 */
const ownedBy = (invoice: Invoice, platformUserId: number) =>
  invoice.userId === null || invoice.userId === platformUserId;

export interface LedgerPage {
  rows: LedgerRow[];
  page: number;
  hasNext: boolean;
}

/** One page of the ledger: the platform's pages are walked up to it, one row beyond tells whether more follow. */
export async function listLedgerPage(
  platformUserId: number,
  filter: PaymentRangeFilter & { page: number },
  money: MoneyApi,
  size = LEDGER_PAGE_SIZE,
): Promise<LedgerPage> {
  const skip = (filter.page - 1) * size;
  const items: Transaction[] = [];
  let seen = 0;
  let hasNext = false;
  const walk = iterateDriverTransactions(platformUserId, filter, money);
  for await (const transaction of walk) {
    seen += 1;
    if (seen <= skip) continue;
    if (items.length === size) {
      hasNext = true;
      break;
    }
    items.push(transaction);
  }
  await walk.return(undefined);
  const invoices = await readOwnInvoices(
    platformUserId,
    items.map((t) => t.invoiceId),
    money,
  );
  const rows = items.map((transaction) => {
    const invoice = transaction.invoiceId === null ? undefined : invoices.get(transaction.invoiceId);
    return {
      transaction,
      invoice: invoice
        ? { id: invoice.id, number: invoice.number, type: invoice.type, hasPdf: invoice.downloadUrl !== null }
        : null,
    };
  });
  return { rows, page: filter.page, hasNext };
}

/** The distinct invoices among `ids` that are the driver's; a read that fails leaves that one out, logged. */
async function readOwnInvoices(
  platformUserId: number,
  ids: readonly (number | null)[],
  money: MoneyApi,
): Promise<Map<number, Invoice>> {
  const distinct = [...new Set(ids.filter((id): id is number => id !== null))];
  const read = await mapLimited(distinct, 4, async (id) => {
    try {
      return await money.getInvoice(id);
    } catch (error) {
      logPaymentError("reading an invoice for the ledger", error);
      return null;
    }
  });
  const owned = new Map<number, Invoice>();
  for (const invoice of read) if (invoice && ownedBy(invoice, platformUserId)) owned.set(invoice.id, invoice);
  return owned;
}

/**
 * The invoice, read fresh, when it is the driver's: one of their own transactions names it and the platform does
 * not say it is someone else's. Anything else (a forged id, another user's invoice) is null: a 404.
 */
export async function findOwnInvoice(
  platformUserId: number,
  invoiceId: number,
  money: MoneyApi,
): Promise<Invoice | null> {
  let named = false;
  for await (const transaction of iterateDriverTransactions(platformUserId, {}, money)) {
    if (transaction.invoiceId === invoiceId) {
      named = true;
      break;
    }
  }
  if (!named) return null;
  const invoice = await money.getInvoice(invoiceId);
  return invoice && invoice.id === invoiceId && ownedBy(invoice, platformUserId) ? invoice : null;
}

/** The driver's invoices and credit notes for a range (pro formas are no tax documents), oldest first. */
export async function listPeriodInvoices(
  platformUserId: number,
  range: PaymentRangeFilter,
  deps: PaymentDeps,
): Promise<Invoice[]> {
  const money = deps.money;
  if (!money) return [];
  const ids: number[] = [];
  for await (const transaction of iterateDriverTransactions(platformUserId, range, money))
    if (transaction.invoiceId !== null) ids.push(transaction.invoiceId);
  const distinct = [...new Set(ids)];
  const read = await mapLimited(distinct, 4, (id) => money.getInvoice(id));
  return read
    .filter((invoice): invoice is Invoice => invoice !== null && ownedBy(invoice, platformUserId))
    .filter((invoice) => invoice.type !== "pro_forma")
    .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
}

export type LedgerView = { kind: "notProvided" } | { kind: "ledger"; page: LedgerPage };

/** The page's read: where the platform keeps no ledger (the contract) the answer says so without a call. */
export async function loadLedgerView(
  platformUserId: number,
  filter: PaymentRangeFilter & { page: number },
  deps: PaymentDeps = defaultPaymentDeps(),
  size = LEDGER_PAGE_SIZE,
): Promise<LedgerView> {
  if (!deps.money) return { kind: "notProvided" };
  return { kind: "ledger", page: await listLedgerPage(platformUserId, filter, deps.money, size) };
}

/** Whether the platform keeps a ledger at all: no call, a property of the dialect. */
export function ledgerOffered(deps: PaymentDeps = defaultPaymentDeps()): boolean {
  return deps.money !== undefined;
}
