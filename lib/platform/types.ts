import "server-only";
import type { StartRefusalCode } from "./start-refusal-codes";

/** The portal's view models of platform data, the same in every dialect; raw platform JSON stays in lib/platform. */

export interface PlatformUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  postCode: string | null;
  country: string | null;
  balance: number | null;
  currency: string | null;
  createdAt: string | null;
  /**
   * Blocked on the platform (the real platform's `status: disabled`, set by support or by a carried-out
   * account deletion). The contract has no user status: always false there.
   */
  disabled: boolean;
}

/** How long the real platform keeps an export link open (platform-real-api-facts.md). */
export const PLATFORM_EXPORT_LINK_HOURS = 24;

/** The platform's own export of a user's data: a link for the driver's browser. */
export interface PlatformExportLink {
  downloadUrl: string;
  validForHours: number;
}

export type CardType = "rfid" | "app";
export type CardStatus = "active" | "blocked" | "inactive";

export interface Card {
  id: number;
  /**
   * null: a tag the platform holds for no driver yet (ampeco: cards provisioned before they are
   * handed out). The contract's tokens always have one.
   */
  userId: number | null;
  code: string;
  visualNumber: string | null;
  type: CardType;
  status: CardStatus;
  createdAt: string | null;
}

export type SessionStatus = "started" | "charging" | "finished" | "failed";

export interface ChargingSession {
  /** The platform's own string (AMPECO types session ids as strings; digits on most tenants, not on all). */
  id: string;
  /** UTC ISO time; only the detail read carries it. */
  startedAt: string | null;
  startedAtLocal: string | null;
  stoppedAt: string | null;
  stoppedAtLocal: string | null;
  energyWh: number;
  /** Currency is not given by the platform. */
  amount: number;
  status: SessionStatus;
  evseId: number | null;
  locationId: number | null;
  /** Both stop times null and status started or charging. */
  isRunning: boolean;
  /** The session's own currency where the platform gives one (ampeco); otherwise the account's applies. */
  currency?: string | null;
  /**
   * The zone the local times were computed in when the location's own zone is unknown (the portal's
   * PORTAL_TIME_ZONE, ampeco); absent or null when they are the location's.
   */
  assumedTimeZone?: string | null;
  /** The platform's own status word where `status` folds several (ampeco's `expired` is a failed session). */
  platformStatus?: string | null;
  /** The printed number of the card that started the session, where the platform tells it (ampeco's `idTagLabel`). */
  cardNumber?: string | null;
  /** The printed reference of the EVSE it ran on (ampeco's `evsePhysicalReference`): "charge here again". */
  evseReference?: string | null;
  /** The charge point it runs on (ampeco): a stop names it. */
  chargePointId?: number | null;
  /** The platform's own receipt of it (ampeco's `receiptId`, set once its billing completed). */
  platformReceiptId?: number | null;
}

export interface LocationNameTranslation {
  locale: string;
  translation: string;
}

export interface ChargingConnector {
  type: string;
  power: number | null;
}

export interface ChargingEvse {
  id: number;
  status: string;
  /** What is printed on the charge point (ampeco); its page is /charge/<reference>. */
  reference?: string | null;
  /** The tariff group that prices it (ampeco; null: the free default tariff). */
  tariffGroupId?: number | null;
  connectors: ChargingConnector[];
}

/** An EVSE as a charge point's page shows it (ampeco: EVSEs v2.1, connectors included). */
export interface ChargePointEvse {
  id: number;
  chargePointId: number;
  /** What is printed on the charge point and in its QR code. */
  physicalReference: string | null;
  /** The hardware status (available, charging, faulted, …; values the portal does not know are kept). */
  status: string;
  currentType: "ac" | "dc" | null;
  /** Null: the platform's default tariff, which is free. */
  tariffGroupId: number | null;
  connectors: ChargingConnector[];
}

/** A charge point with its place and EVSEs. */
export interface ChargePoint {
  id: number;
  name: string | null;
  /** Null when the charge point names no location or the location is gone. */
  location: ChargingLocation | null;
  evses: ChargePointEvse[];
}

/** One way a driver pays for a charge (ampeco's payment methods; adding or changing one stays in the app). */
export interface PaymentMethod {
  /** Null: the balance. */
  id: string | null;
  kind: "balance" | "card" | "other";
  /** "**** 4242", a corporate account's or a subscription's name, or "Balance". */
  name: string;
  /** visa, mastercard, maestro, amex, paypal, unknown; null when the platform names none. */
  issuer: string | null;
  isDefault: boolean;
  expires: { year: number; month: number } | null;
}

export { START_REFUSAL_CODES, type StartRefusalCode } from "./start-refusal-codes";

/** A start's answer: the new session, or the refusal (`code` null: the platform named none it documents). */
export type StartOutcome = { started: true; sessionId: string } | { started: false; code: StartRefusalCode | null };

/** One priced component of a session (ampeco's price breakdown): amounts with and without tax. */
export interface BillLine {
  /** `energy`, `connection`, `charging_time`, `idle_time`, `flat`, or another the platform adds. */
  type: string;
  /** `kwh`, `minute`, `session`, or null. */
  unit: string | null;
  quantity: number;
  unitPrice: { gross: number; net: number | null };
  price: { gross: number; net: number | null };
  taxPercent: number | null;
}

/** What a session cost, line by line, and how it was paid: a receipt's figures. */
export interface SessionBill {
  currency: string | null;
  lines: BillLine[];
  total: { gross: number; net: number | null };
  /** `balance`, `tokenized` (a saved card), `subscription`, `corporate`, …; null when the platform does not say. */
  paymentType: string | null;
  paymentMethodId: string | null;
}

/** The company a receipt names as the seller (ampeco: the partner, when it is set to appear on receipts). */
export interface Seller {
  name: string;
  vatNumber: string | null;
  addressLines: string[];
}

/** A tariff's prices, tax included; null where the tariff has no such component. */
export interface TariffPrices {
  perSession: number | null;
  connectionFee: number | null;
  perKwh: number | null;
  periodMinutes: number | null;
  perPeriod: number | null;
  /** Minutes of charging before the time fee starts. */
  timeFeeAfterMinutes: number | null;
  timeFeeLimit: number | null;
  idleFeePerMinute: number | null;
  idleFeeAfterMinutes: number | null;
  idleFeeLimit: number | null;
}

/** The tariff an EVSE applies to one driver. `type` keeps the platform's value (free, flat rate, …). */
export interface ChargingTariff {
  id: number;
  name: string | null;
  type: string;
  currency: string | null;
  prices: TariffPrices;
  /** The tax it is charged with; null: the tenant's default tax. */
  taxId: number | null;
}

export interface ChargingLocation {
  id: number;
  names: LocationNameTranslation[];
  latitude: number | null;
  longitude: number | null;
  street: string | null;
  number: string | null;
  city: string | null;
  /** Detail only; empty on list items. */
  evses: ChargingEvse[];
}

export interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  total: number;
  lastPage: number | null;
  hasNext: boolean;
}

export interface CreateUserInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone?: string;
  address?: string;
  city?: string;
  postCode?: string;
  country?: string;
}

export interface UpdateUserInput {
  firstName?: string;
  lastName?: string;
  phone?: string;
  address?: string;
  city?: string;
  postCode?: string;
  country?: string;
}

export interface ListUsersQuery {
  email?: string;
  page?: number;
  perPage?: number;
}

export interface CreateCardInput {
  userId: number;
  code: string;
  visualNumber: string;
  /** Default `rfid`. */
  type?: CardType;
  /** Default `active`, which makes the card usable at once (the platform's default is not documented). */
  status?: CardStatus;
}

/** What claiming a tag that no driver holds yet sets on it. */
export interface ClaimCardInput {
  userId: number;
  visualNumber: string;
  status: CardStatus;
}

export interface CardFilter {
  userId?: number;
  code?: string;
  status?: CardStatus;
}

export interface ListCardsQuery extends CardFilter {
  page?: number;
  perPage?: number;
}

export interface SessionFilter {
  userId: number;
  status?: SessionStatus;
  /** ISO 8601 with `Z` or an offset; the platform assumes UTC otherwise. */
  startedAfter?: string;
  startedBefore?: string;
}

export interface ListSessionsQuery extends SessionFilter {
  page?: number;
  perPage?: number;
}

export interface ListLocationsQuery {
  page?: number;
  perPage?: number;
}

export interface IterateOptions {
  /** Items per request; default 100. */
  perPage?: number;
  /** Safety cap on pages followed; exceeding it is an error rather than a silent truncation. */
  maxPages?: number;
}

/** What a transaction paid for (the platform's `purchaseResourceType`). */
export const TRANSACTION_KINDS = [
  "session",
  "subscription_plan",
  "topup_package",
  "custom_fee",
  "payment_authorisation",
  "payment_terminal_authorisation",
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
export const TRANSACTION_STATUSES = [
  "pending",
  "finalized",
  "failed",
  "reversed",
  "refunded",
  "authorized",
  "initialized",
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** One line of a driver's ledger (ampeco's transactions v1.0). */
export interface Transaction {
  id: number;
  /** UTC ISO instant. */
  date: string;
  userId: number | null;
  kind: TransactionKind;
  /** The session it paid for, in the sessions' own id form (a string). */
  sessionId: string | null;
  /** The balance voucher that paid it, where one did. */
  voucherId: number | null;
  /** The platform's `totalAmount`, in `currency`; never negative. */
  amount: number;
  currency: string;
  status: TransactionStatus;
  /** `internal`: settled from the balance or a voucher; `external`: paid by a payment method. */
  billingType: "internal" | "external";
  invoiceId: number | null;
  receiptId: number | null;
  finalizedAt: string | null;
  /** Signed change of the balance, from `balanceEffectOf` (lib/platform/ledger.ts): the reading is inferred. */
  balanceEffect: number;
}

export interface TransactionFilter {
  userId: number;
  /** ISO 8601 instants, inclusive bounds of `date`. */
  createdAfter?: string;
  createdBefore?: string;
  /** Unset: every kind; an empty list: none. */
  kinds?: TransactionKind[];
}

export type InvoiceType = "invoice" | "pro_forma" | "credit_note";

/** The platform's own receipt of a session (ampeco receipts v2.0); `downloadUrl` is fresh on each read. */
export interface PlatformReceipt {
  id: number;
  number: string;
  userId: number | null;
  totalAmount: number;
  downloadUrl: string | null;
}

/** An invoice as the platform reads it; `downloadUrl` is fresh on each read and valid for 24 hours. */
export interface Invoice {
  id: number;
  type: InvoiceType;
  number: string;
  /** UTC ISO instant. */
  date: string;
  /** Optional on the platform: without it, the driver's own transaction naming the invoice is the proof. */
  userId: number | null;
  totalAmount: number;
  taxAmount: number;
  /** Optional on the platform: null when it offers no PDF. */
  downloadUrl: string | null;
}

export type BillingClientType = "individual" | "company";

/** The invoice managers AMPECO documents: the tenant's decides the shape of a user's invoice details. */
export const INVOICE_MANAGERS = ["ampeco", "cardcom", "softone", "ecpay"] as const;
export type InvoiceManager = (typeof INVOICE_MANAGERS)[number];
export type ReadOnlyInvoiceManager = Exclude<InvoiceManager, "ampeco">;

/** A field of another manager's details, as the portal shows it (read-only). */
export type ReadOnlyBillingField =
  | "clientType"
  | "invoiceRequired"
  | "ecpayInvoiceType"
  | "name"
  | "firstName"
  | "lastName"
  | "email"
  | "phone"
  | "taxId"
  | "companyId"
  | "country"
  | "city"
  | "postCode"
  | "address";

/**
 * A user's invoice details as read: the Ampeco manager's, which the portal edits, or another manager's fields
 * (those with a value), which it shows as they are.
 */
export type BillingDetailsRead =
  | { manager: "ampeco"; details: BillingDetails }
  | { manager: ReadOnlyInvoiceManager; lines: Array<{ field: ReadOnlyBillingField; value: string }> };

/** A user's invoice details (ampeco's "Ampeco Invoice Manager" shape, the portal's fields only). */
export interface BillingDetails {
  /** "I need an invoice for every charge". */
  requireInvoice: boolean;
  clientType: BillingClientType | null;
  individualName: string | null;
  companyName: string | null;
  /** The VAT id, with its country prefix. */
  companyTaxId: string | null;
  companyRegNo: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  city: string | null;
  postCode: string | null;
  address: string | null;
}
