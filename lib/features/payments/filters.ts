import type { Wording } from "@/lib/core/i18n/wording";
import { oneOf, pageUpTo, parseFilter, queryOf, type SearchParamsInput } from "@/lib/core/search-params";
import type { Transaction, TransactionFilter, TransactionKind } from "@/lib/platform/types";
import { plausibleDate, rangeToInstants } from "@/lib/features/sessions";

/** The ledger's URL filters (period and kind), pure: a bad value falls back to the default and says so. */

/** What a driver filters by; one URL word may stand for several platform kinds. */
export const PAYMENT_KINDS = ["charge", "subscription", "top-up", "fee", "authorisation"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

const PLATFORM_KINDS: Readonly<Record<PaymentKind, readonly TransactionKind[]>> = {
  charge: ["session"],
  subscription: ["subscription_plan"],
  "top-up": ["topup_package"],
  fee: ["custom_fee"],
  authorisation: ["payment_authorisation", "payment_terminal_authorisation"],
};

export function paymentKindOf(kind: TransactionKind): PaymentKind {
  const found = PAYMENT_KINDS.find((word) => PLATFORM_KINDS[word].includes(kind));
  return found ?? "fee";
}

export const MAX_LEDGER_PAGE = 10_000;

export interface PaymentRangeFilter {
  kind?: PaymentKind;
  /** Inclusive calendar days (YYYY-MM-DD) in the service's time zone. */
  from?: string;
  to?: string;
}

export interface PaymentListFilter extends PaymentRangeFilter {
  page: number;
}

export interface ParsedPaymentFilter {
  filter: PaymentListFilter;
  /** One problem per ignored value, as a catalogue key (worded by the page); empty when everything was usable. */
  problems: Wording[];
}

export function parsePaymentFilter(input: SearchParamsInput): ParsedPaymentFilter {
  const defaults: PaymentListFilter = { page: 1 };
  return parseFilter(
    input,
    defaults,
    {
      kind: [oneOf(PAYMENT_KINDS), (value) => ({ key: "payments.filterMessages.badKind", values: { value } })],
      page: [pageUpTo(MAX_LEDGER_PAGE), (value) => ({ key: "payments.filterMessages.badPage", values: { value } })],
    },
    plausibleDate,
    (problem, value) => ({ key: `payments.filterMessages.${problem}`, values: { value } }),
  );
}

export function paymentFilterQuery(filter: Partial<PaymentListFilter>): string {
  return queryOf(filter, ["kind", "from", "to", "page"], { page: 1 });
}

export function hasPaymentFilter(filter: PaymentRangeFilter): boolean {
  return Boolean(filter.kind || filter.from || filter.to);
}

/** The platform filter for a driver's range: the user comes from the sign-in, never from the URL. */
export function toTransactionFilter(userId: number, filter: PaymentRangeFilter): TransactionFilter {
  const { startedAfter, startedBefore } = rangeToInstants(filter);
  const platform: TransactionFilter = { userId };
  if (startedAfter) platform.createdAfter = startedAfter;
  if (startedBefore) platform.createdBefore = startedBefore;
  if (filter.kind) platform.kinds = [...PLATFORM_KINDS[filter.kind]];
  return platform;
}

/** Checked again on the portal's side: a row the platform sent outside the filter (or another user's) is dropped. */
export function matchesTransactionFilter(transaction: Transaction, filter: TransactionFilter): boolean {
  if (transaction.userId !== filter.userId) return false;
  if (filter.kinds && !filter.kinds.includes(transaction.kind)) return false;
  const at = Date.parse(transaction.date);
  if (Number.isNaN(at)) return !filter.createdAfter && !filter.createdBefore;
  if (filter.createdAfter && at < Date.parse(filter.createdAfter)) return false;
  if (filter.createdBefore && at > Date.parse(filter.createdBefore)) return false;
  return true;
}
