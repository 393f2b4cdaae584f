import "server-only";

/** What other features may use of charging: the rest of the folder is its own. */
export { chargePageRetryAfter, loadChargePointView, parseChargePointReference } from "./charge-point";
export type { ChargePointView, EvseView, PriceView } from "./charge-point";
export { loadPaymentChoices } from "./payment-choices";
export type { PaymentChoice, PaymentChoicesView } from "./payment-choices";
