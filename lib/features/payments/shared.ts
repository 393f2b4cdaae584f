/** The payments feature's browser-safe public module (types, codes, pure functions); index.ts is its server half. */
export { PAYMENT_KINDS, paymentFilterQuery, type PaymentRangeFilter } from "./filters";
export { balanceChangeKindOf, describeTransaction, isCreditNote, KIND_KEYS, STATUS_TONES } from "./labels";
