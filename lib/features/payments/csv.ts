import { csvCell, csvLine } from "@/lib/core/csv";
import type { Translator } from "@/lib/core/i18n/translator";
import { APP_TIME_ZONE } from "@/lib/core/format";
import { toUtcIsoSeconds, toZonedIso } from "@/lib/core/zoned-time";
import { TRANSACTION_STATUSES, type Transaction, type TransactionStatus } from "@/lib/platform/types";
import { PAYMENT_KINDS, paymentKindOf, type PaymentKind } from "./filters";
import { KIND_KEYS } from "./labels";

/** The ledger as CSV (RFC 4180); amounts with a dot decimal in every language, so spreadsheets parse them. Pure. */

export const PAYMENT_CSV_COLUMNS = [
  "transaction_id",
  "date_utc",
  "date_local",
  "kind",
  "session_id",
  "paid_with_voucher",
  "amount",
  "balance_change",
  "currency",
  "status",
  "invoice_id",
] as const;

const COLUMN_KEYS = {
  transaction_id: "transactionId",
  date_utc: "dateUtc",
  date_local: "dateLocal",
  kind: "kind",
  session_id: "sessionId",
  paid_with_voucher: "paidWithVoucher",
  amount: "amount",
  balance_change: "balanceChange",
  currency: "currency",
  status: "status",
  invoice_id: "invoiceId",
} as const satisfies Record<(typeof PAYMENT_CSV_COLUMNS)[number], string>;

/** The file's words in one language, looked up once per file: header, kind and status cells, yes/no. */
export interface PaymentCsvWords {
  header: string;
  kind: Readonly<Record<PaymentKind, string>>;
  status: Readonly<Record<TransactionStatus, string>>;
  yes: string;
  no: string;
}

export function paymentCsvWords(t: Translator): PaymentCsvWords {
  return {
    header: csvLine(PAYMENT_CSV_COLUMNS.map((column) => t(`payments.csv.columns.${COLUMN_KEYS[column]}`))),
    kind: Object.fromEntries(
      PAYMENT_KINDS.map((kind) => [kind, csvCell(t(`payments.kinds.${KIND_KEYS[kind]}`))]),
    ) as Record<PaymentKind, string>,
    status: Object.fromEntries(
      TRANSACTION_STATUSES.map((status) => [status, csvCell(t(`payments.status.${status}`))]),
    ) as Record<TransactionStatus, string>,
    yes: csvCell(t("payments.csv.yes")),
    no: csvCell(t("payments.csv.no")),
  };
}

function amountCell(amount: number): string {
  return Number.isFinite(amount) ? (Math.round(amount * 100) / 100 || 0).toFixed(2) : "";
}

export function paymentCsvRow(
  transaction: Transaction,
  words: PaymentCsvWords,
  timeZone: string = APP_TIME_ZONE,
): string {
  const date = new Date(transaction.date);
  const valid = !Number.isNaN(date.getTime());
  return `${[
    csvCell(transaction.id),
    valid ? toUtcIsoSeconds(date) : "",
    valid ? toZonedIso(date, timeZone) : "",
    words.kind[paymentKindOf(transaction.kind)],
    csvCell(transaction.sessionId),
    transaction.voucherId === null ? words.no : words.yes,
    amountCell(transaction.amount),
    amountCell(transaction.balanceEffect),
    csvCell(transaction.currency),
    words.status[transaction.status] ?? csvCell(transaction.status),
    csvCell(transaction.invoiceId),
  ].join(",")}\r\n`;
}

/** One chunk per page, the first with the header; a ledger with no rows is the header alone. */
export async function* paymentCsvChunks(
  pages: AsyncIterable<readonly Transaction[]>,
  words: PaymentCsvWords,
): AsyncGenerator<string, void, undefined> {
  let header = words.header;
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield header + page.map((transaction) => paymentCsvRow(transaction, words)).join("");
    header = "";
  }
  if (header !== "") yield header;
}

/** `payments-2026-03-14.csv`; the date is the export day in the service's time zone. */
export function paymentCsvFilename(day: string): string {
  return `payments-${day}.csv`;
}
