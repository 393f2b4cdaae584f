import type { Route } from "../router";
import { voucherRoutes } from "../vouchers";
import { ampecoActionRoutes } from "./actions";
import { ampecoChargingRoutes } from "./charging";
import { ampecoEvseRoutes } from "./evses";
import { ampecoIdTagRoutes } from "./id-tags";
import { ampecoInvoiceDetailsRoutes } from "./invoice-details";
import { ampecoInvoiceRoutes } from "./invoices";
import { ampecoLocationRoutes } from "./locations";
import { ampecoNotificationRoutes } from "./notifications";
import { ampecoPaymentMethodRoutes } from "./payment-methods";
import { exportLinkRoutes } from "./private-data-export";
import { ampecoReceiptRoutes } from "./receipts";
import { ampecoSessionRoutes } from "./sessions";
import { ampecoTariffRoutes } from "./tariffs";
import { ampecoTenantRoutes } from "./tenant";
import { ampecoTransactionRoutes } from "./transactions";
import { ampecoUserRoutes } from "./users";

/**
 * The `ampeco` dialect's route table (ampeco-openapi-subset.json, and ampeco-openapi-charging-subset.json for charging
 * from the API). The contract-only paths
 * (tokens/v1.0, users/v1.0/{id}/email, users/v1.0/{id}/password-reset) are absent, so they 404.
 * Redeem voucher is the same operation in both dialects.
 */
export const ampecoRoutes: Route[] = [
  ...ampecoUserRoutes,
  ...ampecoInvoiceDetailsRoutes,
  ...ampecoTransactionRoutes,
  ...ampecoInvoiceRoutes,
  ...ampecoIdTagRoutes,
  ...ampecoSessionRoutes,
  ...ampecoLocationRoutes,
  ...ampecoActionRoutes,
  ...ampecoEvseRoutes,
  ...ampecoTariffRoutes,
  ...ampecoPaymentMethodRoutes,
  ...ampecoChargingRoutes,
  ...ampecoReceiptRoutes,
  ...ampecoTenantRoutes,
  ...ampecoNotificationRoutes,
  ...exportLinkRoutes,
  ...voucherRoutes,
];

export { OAUTH_TOKEN_PATH, OAuthIssuer, type OAuthClient } from "./oauth";
export { INVOICE_FILE_PREFIX, INVOICE_LINK_TTL_MS, INVOICE_REDIRECT_PREFIX, invoiceFileRoutes } from "./invoices";
export { DEPRECATION_HEADERS, PAGE_SUNSET } from "./paging";
export { EXPORT_FILE_PREFIX, EXPORT_LINK_TTL_MS, exportFileRoutes } from "./private-data-export";
export { RECEIPT_FILE_PREFIX, receiptFileRoutes } from "./receipts";
export { settleCharging } from "./charging-settle";
export { upgradePaymentMethods } from "./payment-method-seed";
export type { DeliveryLogEntry } from "../router";
export { WebhookDispatcher, signCallback } from "./webhooks";
