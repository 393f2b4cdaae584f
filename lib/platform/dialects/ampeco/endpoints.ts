import "server-only";
import { readsOf, type EndpointDefinition } from "../../endpoint-table";
import type { PlatformRequester } from "../../request";

/**
 * The `ampeco` dialect's endpoints. PLATFORM_PATH_* is refused here: bodies and methods differ from the contract too.
 */
const USERS = "/public-api/resources/users/v1.1";
const ID_TAGS = "/public-api/resources/id-tags/v2.0";
const SESSIONS = "/public-api/resources/sessions/v1.0";
const LOCATIONS = "/public-api/resources/locations/v2.0";
const CHARGE_POINTS = "/public-api/resources/charge-points/v2.0";
const TRANSACTIONS = "/public-api/resources/transactions/v1.0";
const INVOICES = "/public-api/resources/invoices/v1.0";
const INVOICE_DETAILS = "/public-api/resources/users/v1.0/{id}/invoice-details";

export const AMPECO_ENDPOINTS = {
  "users.create": { method: "POST", path: USERS, idempotent: false },
  "users.list": { method: "GET", path: USERS, idempotent: true },
  "users.get": { method: "GET", path: `${USERS}/{id}`, idempotent: true },
  "users.update": { method: "PATCH", path: `${USERS}/{id}`, idempotent: true },
  // The same PATCH, named apart so logs tell an e-mail change (uniqueness check) from a profile edit.
  "users.changeEmail": { method: "PATCH", path: `${USERS}/{id}`, idempotent: false },
  // Sets the driver's app password; not replayed blindly (the driver can submit again).
  "users.setPassword": { method: "PATCH", path: `${USERS}/{id}`, idempotent: false },
  "users.requirePasswordReset": { method: "PATCH", path: `${USERS}/{id}`, idempotent: true },
  // Sets the status to a given value (202): a replay leaves the same state.
  "users.changeStatus": {
    method: "POST",
    path: "/public-api/actions/users/v1.0/{id}/change-status",
    idempotent: true,
  },
  // Starts a fresh export link each time; asking again only hands out another link.
  "users.exportPrivateData": {
    method: "GET",
    path: "/public-api/actions/users/v2.0/{id}/export-all-private-data",
    idempotent: true,
  },
  "idTags.create": { method: "POST", path: ID_TAGS, idempotent: false },
  "idTags.list": { method: "GET", path: ID_TAGS, idempotent: true },
  "idTags.get": { method: "GET", path: `${ID_TAGS}/{id}`, idempotent: true },
  // Status changes and moves set fields to given values: a replay leaves the same state.
  "idTags.update": { method: "PATCH", path: `${ID_TAGS}/{id}`, idempotent: true },
  ...readsOf("sessions", SESSIONS, { textId: true }),
  ...readsOf("locations", LOCATIONS),
  ...readsOf("chargePoints", CHARGE_POINTS),
  "chargePoints.evses": { method: "GET", path: `${CHARGE_POINTS}/{id}/evses`, idempotent: true },
  // Charging from the browser (ampeco-openapi-charging-subset.json): a QR code's EVSE, and the tariff it applies.
  "evses.list": { method: "GET", path: "/public-api/resources/evses/v2.1", idempotent: true },
  "tariffs.list": { method: "GET", path: "/public-api/resources/tariffs/v1.0", idempotent: true },
  "paymentMethods.list": {
    method: "GET",
    path: "/public-api/resources/users/v1.0/{id}/payment-methods",
    idempotent: true,
  },
  // A second start is refused by the platform (one running session per user), never made twice by a replay.
  "charging.start": { method: "POST", path: "/public-api/actions/evse/v1.0/{id}/start", idempotent: false },
  // A replay of a stop that went through is rejected (406) as over: the feature reads the session to tell.
  "charging.stop": {
    method: "POST",
    path: "/public-api/actions/charge-point/v1.0/{id}/stop/{session}",
    textParams: ["session"],
    idempotent: true,
    statuses: { 406: "stop-rejected" },
  },
  ...readsOf("transactions", TRANSACTIONS),
  // The portal reads single invoices only (a transaction names its invoice); it lists none.
  "invoices.get": { method: "GET", path: `${INVOICES}/{id}`, idempotent: true },
  // A session names its receipt (`receiptId`); the portal reads that one and lists none.
  "receipts.get": { method: "GET", path: "/public-api/resources/receipts/v2.0/{id}", idempotent: true },
  // One receipt of a tax, for the tax's rate (a price without VAT); nothing else reads the listing.
  "receipts.list": { method: "GET", path: "/public-api/resources/receipts/v2.0", idempotent: true },
  "invoiceDetails.get": { method: "GET", path: INVOICE_DETAILS, idempotent: true },
  // Create or update sets the given fields to the given values: a replay leaves the same state.
  "invoiceDetails.save": { method: "POST", path: INVOICE_DETAILS, idempotent: true },
  // Fetched by the OAuth token source itself (form body, no bearer); listed so errors can name it.
  "oauth.token": { method: "POST", path: "/public-api/oauth/token", idempotent: false },
  "vouchers.redeem": {
    method: "POST",
    path: "/public-api/actions/users/v2.0/{user}/redeem-voucher",
    idempotent: false,
    statuses: { 406: "voucher-rejected" },
  },
  // The tenant's records the portal's settings name: read by `platform:check` only (dialects/ampeco/tenant.ts).
  "partners.get": { method: "GET", path: "/public-api/resources/partners/v2.0/{id}", idempotent: true },
  "userGroups.get": { method: "GET", path: "/public-api/resources/user-groups/v1.0/{id}", idempotent: true },
  "settings.get": { method: "GET", path: "/public-api/resources/settings/v1.0", idempotent: true },
  "currencies.get": { method: "GET", path: "/public-api/resources/currencies/v2.0/{id}", idempotent: true },
  // Notifications v2.0: the webhook subscriptions (the portal's callbacks, lib/features/live/).
  "notifications.list": { method: "GET", path: "/public-api/notifications/v2.0", idempotent: true },
  "notifications.subscribe": { method: "POST", path: "/public-api/notifications/v2.0", idempotent: false },
  // A replay finds it gone (404), which is the state asked for.
  "notifications.unsubscribe": { method: "DELETE", path: "/public-api/notifications/v2.0/{id}", idempotent: true },
} as const satisfies Record<string, EndpointDefinition>;

export type AmpecoEndpointName = keyof typeof AMPECO_ENDPOINTS;

/** The AMPECO requester: a call names one of its endpoints. */
export type AmpecoRequester = PlatformRequester<AmpecoEndpointName>;
