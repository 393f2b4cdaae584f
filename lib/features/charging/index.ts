import "server-only";

/** What other features may use of charging: the rest of the folder is its own. */
export { chargePageRetryAfter, loadChargePointView, parseChargePointReference } from "./charge-point";
export type { ChargePointView, EvseView, PriceView } from "./charge-point";
export { loadPaymentChoices } from "./payment-choices";
export type { PaymentChoice, PaymentChoicesView } from "./payment-choices";
export { chargingOffered } from "./offered";
export { startCharging } from "./start";
export type { StartedCharge, StartRequest } from "./start";
export { stopCharging } from "./stop";
export type { StopOutcome } from "./stop";
export { ChargingError } from "./errors";
export { StopChargingInput } from "./schemas";
export { createPlatformReceiptHandler, createSessionReceiptHandler } from "./route-handlers";
export { buildSessionReceipt, loadReceiptContext, loadSessionReceipt, receiptTotals } from "./receipt";
export type { ReceiptContext, SessionReceipt } from "./receipt";
export { sessionReceiptFile, sessionReceiptPdf } from "./receipt-pdf";
export { withEvsePrices } from "./map-prices";
export { paymentMethodName } from "./payment-words";
