import type { Route } from "../router";
import { voucherRoutes } from "../routes/vouchers";
import { ampecoActionRoutes } from "./actions";
import { ampecoIdTagRoutes } from "./id-tags";
import { ampecoInvoiceDetailsRoutes } from "./invoice-details";
import { ampecoInvoiceRoutes } from "./invoices";
import { ampecoLocationRoutes } from "./locations";
import { ampecoNotificationRoutes } from "./notifications";
import { exportLinkRoutes } from "./private-data-export";
import { ampecoSessionRoutes } from "./sessions";
import { ampecoTenantRoutes } from "./tenant";
import { ampecoTransactionRoutes } from "./transactions";
import { ampecoUserRoutes } from "./users";

/**
 * The `ampeco` dialect's route table (ampeco-openapi-subset.json). The contract-only paths
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
  ...ampecoTenantRoutes,
  ...ampecoNotificationRoutes,
  ...exportLinkRoutes,
  ...voucherRoutes,
];

export { OAUTH_TOKEN_PATH, OAuthIssuer, type OAuthClient } from "./oauth";
export { INVOICE_FILE_PREFIX, INVOICE_LINK_TTL_MS, INVOICE_REDIRECT_PREFIX, invoiceFileRoutes } from "./invoices";
export { DEPRECATION_HEADERS, PAGE_SUNSET } from "./paging";
export { EXPORT_FILE_PREFIX, EXPORT_LINK_TTL_MS, exportFileRoutes } from "./private-data-export";
export { WebhookDispatcher, signCallback, type DeliveryLogEntry } from "./webhooks";
