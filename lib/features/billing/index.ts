import "server-only";

/** What other features may use of billing: the rest of the folder is its own. */
export {
  billingDetailsSupported,
  correctBillingDetails,
  loadBillingDetailsView,
  loadDriverBillingDetailsView,
} from "./billing-details";
export type { BillingDetailsView } from "./billing-details";
export { BILLING_FORM, billingFormValues } from "./schemas";
