import "server-only";

/** What other features may use of payments: the rest of the folder is its own. */
export { defaultPaymentDeps, ledgerOffered, logPaymentError } from "./deps";
export type { PaymentDeps } from "./deps";
export { invoiceFilename, safeInvoiceNumber } from "./labels";
export { listPeriodInvoices } from "./service";
export { platformPdfBody } from "./route-handlers";
export type { PdfProblemWords } from "./route-handlers";
export type { LedgerRow, LedgerView } from "./service";
