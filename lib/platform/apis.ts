import "server-only";
import type { EndpointTable, PathOverrides } from "./endpoint-table";
import type { PlatformRequester, PlatformRequesterOptions } from "./request";
import type {
  Card,
  CardFilter,
  CardStatus,
  ChargePoint,
  ChargingLocation,
  ChargingSession,
  ChargingTariff,
  PaymentMethod,
  Seller,
  SessionBill,
  StartOutcome,
  ClaimCardInput,
  CreateCardInput,
  CreateUserInput,
  IterateOptions,
  ListCardsQuery,
  ListLocationsQuery,
  ListSessionsQuery,
  ListUsersQuery,
  Page,
  PlatformExportLink,
  PlatformUser,
  SessionFilter,
  UpdateUserInput,
  BillingDetails,
  BillingDetailsRead,
  Invoice,
  PlatformReceipt,
  Transaction,
  TransactionFilter,
} from "./types";

/**
 * The seam between the portal and a dialect: the five APIs every dialect builds over its own wire
 * format, in the portal's domain types. Optional operations exist only where the platform has them.
 */

export interface UsersApi {
  /** Creates the driver's platform account in the configured partner and user group. */
  createUser(input: CreateUserInput): Promise<PlatformUser>;
  getUser(id: number): Promise<PlatformUser>;
  /** Partial update; fields left undefined stay unchanged on the platform. */
  updateUser(id: number, changes: UpdateUserInput): Promise<PlatformUser>;
  listUsers(query?: ListUsersQuery): Promise<Page<PlatformUser>>;
  /**
   * The platform user with exactly this e-mail (case-insensitive), or null. The filter may
   * match loosely, so the result is checked rather than trusting the first hit.
   */
  findUserByEmail(email: string): Promise<PlatformUser | null>;
  /** 422 (PlatformValidationError) when the address is taken; the old one then stays active. */
  changeEmail(id: number, email: string): Promise<{ id: number; email: string }>;
  /** The contract mails the driver a reset link; ampeco asks the app for a new password at the next sign-in. */
  startPasswordReset(id: number): Promise<void>;
  /** Only where the platform can set a password directly (ampeco); the contract mails a reset link instead. */
  setAppPassword?: (id: number, password: string) => Promise<void>;
  /**
   * Only where the platform has a user status (ampeco); under the contract a deleted account's
   * cards are blocked instead.
   */
  disableUser?: (id: number, reason: string) => Promise<void>;
  /** The real platform's own GDPR export (ampeco); the portal's "Download my data" covers both. */
  exportPrivateData?: (id: number) => Promise<PlatformExportLink>;
}

export interface CardsApi {
  /** Links a card to a user. A card already linked elsewhere must first be blocked there. */
  createCard(input: CreateCardInput): Promise<Card>;
  listCards(query?: ListCardsQuery): Promise<Page<Card>>;
  /** Every matching card across pages (a driver has few; admin searches stay filtered). */
  listAllCards(filter?: CardFilter, options?: IterateOptions): Promise<Card[]>;
  /** Sets a card's status, e.g. `blocked` before the card moves to another user. */
  updateCardStatus(id: number, status: CardStatus): Promise<Card>;
  /** Where the platform moves a card in one step (ampeco); the contract moves by blocking and creating anew. */
  moveCard?: (id: number, toUserId: number) => Promise<Card>;
  /** Where the platform holds tags without a user (ampeco); the contract has none, so nothing to claim. */
  claimCard?: (id: number, input: ClaimCardInput) => Promise<Card>;
}

/**
 * Charging sessions. The platform's session read has no user scope: callers must confirm
 * ownership (the id appears in the driver's own `filter[userId]` list) before showing one.
 */
export interface SessionsApi {
  listSessions(query: ListSessionsQuery): Promise<Page<ChargingSession>>;
  /**
   * Every session matching the filter, one page at a time, fetched only as the consumer reads on,
   * so an export of thousands never holds them all in memory.
   */
  iterateSessionPages(
    filter: SessionFilter,
    options?: IterateOptions,
  ): AsyncGenerator<ChargingSession[], void, undefined>;
  /** The same walk, item by item, for consumers that look at one session at a time. */
  iterateSessions(filter: SessionFilter, options?: IterateOptions): AsyncGenerator<ChargingSession, void, undefined>;
  /** The session, or null when the platform has no such id. Ownership is the caller's check. */
  getSession(id: string): Promise<ChargingSession | null>;
  /** The driver's running sessions (started or charging), newest first, however long ago they started. */
  listRunningSessions(userId: number): Promise<ChargingSession[]>;
}

/**
 * The platform's own charging locations. While no charge points are assigned to the partner the
 * list is empty and every detail read answers 404 (→ null).
 */
export interface LocationsApi {
  listLocations(query?: ListLocationsQuery): Promise<Page<ChargingLocation>>;
  /**
   * Every own location in one walk of the listing (ampeco: `filter[roaming]=false`, roaming partners' sites left
   * out), up to `maxLocations`: the map's layer, read once per refresh.
   */
  listOwnLocations(maxLocations: number): Promise<ChargingLocation[]>;
  getLocation(id: number): Promise<ChargingLocation | null>;
}

export interface VouchersApi {
  /**
   * Redeems a voucher (202); read the user afterwards for the balance. Throws VoucherRejectedError (406), validation
   * (422), not found (404) or rate-limited (429). Never retried on 5xx/timeouts: the outcome is then unknown.
   */
  redeemVoucher(userId: number, code: string): Promise<void>;
}

/** A webhook subscription to the platform's notifications (ampeco only). */
export interface NotificationSubscription {
  id: number;
  kinds: string[];
  callbackUrl: string | null;
}

/** A new subscription and the key its callbacks are signed with: the token that made it (under OAuth, a short-lived one). */
export interface SubscribeResult {
  subscription: NotificationSubscription;
  signingKey: string;
}

export interface NotificationsApi {
  listSubscriptions(): Promise<NotificationSubscription[]>;
  subscribe(kinds: readonly string[], callbackUrl: string): Promise<SubscribeResult>;
  /** No update: whose token signs after one is undocumented, so a changed subscription is made anew. */
  unsubscribe(id: number): Promise<void>;
  /** The card an `idTag.changed` callback names (it carries only the id), or null when it is gone. */
  cardOfNotification(cardId: number): Promise<Card | null>;
}

/**
 * Ledger, invoices and billing details (ampeco only; the contract has none, and the portal then explains
 * the absence without a call). Reads have no user scope: callers check ownership.
 */
export interface MoneyApi {
  /** Every matching transaction, newest first, read page by page as the consumer reads on. */
  iterateTransactions(
    filter: TransactionFilter,
    options?: IterateOptions,
  ): AsyncGenerator<Transaction, void, undefined>;
  getTransaction(id: number): Promise<Transaction | null>;
  /** The invoice with a fresh download link, or null when the platform has no such id. */
  getInvoice(id: number): Promise<Invoice | null>;
  /** The PDF behind a fresh `downloadUrl`, as a stream; only from the platform's own origin. */
  openInvoicePdf(invoice: Invoice): Promise<ReadableStream<Uint8Array>>;
  /** The platform's own receipt with a fresh download link, or null when it has no such id. */
  getReceipt(id: number): Promise<PlatformReceipt | null>;
  /** The receipt's PDF, as `openInvoicePdf` takes an invoice's. */
  openReceiptPdf(receipt: PlatformReceipt): Promise<ReadableStream<Uint8Array>>;
  /** In the shape of the tenant's invoice manager: the Ampeco one's editable, another's as lines to show. */
  getBillingDetails(userId: number): Promise<BillingDetailsRead>;
  /** Ampeco manager only (InvoiceManagerReadOnlyError otherwise); every other field read is sent back unchanged. */
  saveBillingDetails(userId: number, details: BillingDetails): Promise<BillingDetails>;
}

/** Charging from the browser (ampeco only; the contract has no charge points to start, and the page says so). */
export interface ChargingApi {
  /** The charge point whose EVSE carries this printed reference (a QR code's), or null when none does. */
  findChargePoint(physicalReference: string): Promise<ChargePoint | null>;
  /** The tariff an EVSE's group applies to this platform user (null: a driver not signed in), or null for none. */
  tariffFor(tariffGroupId: number, userId: number | null): Promise<ChargingTariff | null>;
  /**
   * The rate in percent of tax `taxId` (null: the tenant's default tax), as a receipt of that tax states it; null
   * when no receipt names it yet, as the API offers no other reading of a rate.
   */
  taxPercent(taxId: number | null): Promise<number | null>;
  /** The ways this user can pay, the balance included where the tenant offers one; removed ones left out. */
  listPaymentMethods(userId: number): Promise<PaymentMethod[]>;
  /** Starts a charge on EVSE `evseId` for the user, paid by `paymentMethodId` (null: the balance). Never retried. */
  startSession(evseId: number, input: { userId: number; paymentMethodId: string | null }): Promise<StartOutcome>;
  /**
   * Stops session `sessionId` on its charge point (`force`: whatever the charge point answers). Throws
   * ChargeStopRejectedError when the charge point rejects it (406), also when the session is already over.
   */
  stopSession(chargePointId: number, sessionId: string, force: boolean): Promise<void>;
  /** A session's cost line by line with and without tax, and how it was paid; null when there is no such session. */
  sessionBill(sessionId: string): Promise<SessionBill | null>;
}

/** The tenant's records the portal's settings name (ampeco only), for `platform:check`, and the seller on receipts. */
export interface TenantApi {
  getPartner(
    id: number,
  ): Promise<{ id: number; createUsers: boolean; addUserBalance: boolean; seller: Seller | null } | null>;
  getUserGroup(id: number): Promise<{ id: number; name: string | null; partnerId: number | null } | null>;
  /** The id of the tenant's base currency (settings v1.0), or null when it names none. */
  getBaseCurrencyId(): Promise<number | null>;
  /** The ISO code of currency `id` (currencies v2.0), or null when there is none. */
  getCurrencyCode(id: number): Promise<string | null>;
}

/**
 * The dialect's own endpoint table and requester (the same auth, retries and parsers as its APIs), for
 * `platform:check`'s probes only: features use the APIs.
 */
export interface DialectWire {
  endpoints: EndpointTable;
  requester: PlatformRequester;
}

export interface DialectApis {
  users: UsersApi;
  cards: CardsApi;
  sessions: SessionsApi;
  locations: LocationsApi;
  vouchers: VouchersApi;
  /** Only where the platform pushes events (ampeco): the contract has none. */
  notifications?: NotificationsApi;
  /** Only where the platform has a ledger (ampeco). */
  money?: MoneyApi;
  /** Only where the platform has the records to read (ampeco). */
  tenant?: TenantApi;
  /** Only where drivers may start a charge through the API (ampeco). */
  charging?: ChargingApi;
  wire: DialectWire;
}

/** What a dialect builds from the shared settings: the same five APIs over its own wire format. */
export interface DialectSettings {
  requesterOptions: Omit<PlatformRequesterOptions, "endpoints" | "tokenSource">;
  partnerId: number;
  userGroupId: number;
  /** The contract's three unconfirmed paths (contract); every other dialect refuses them. */
  pathOverrides?: PathOverrides;
  /** Currency of balances when the platform's users carry none (ampeco). */
  currency: string;
  /** Local times when the platform gives neither them nor a known location zone (ampeco). */
  timeZone: string;
  /** OAuth client credentials instead of the key (ampeco). */
  oauth?: { clientId: string; clientSecret: string };
}

export type DialectFactory = (settings: DialectSettings) => DialectApis;

/** A dialect as the registry holds it: what builds its APIs, and the table the generic layer reads from it. */
export interface Dialect {
  create: DialectFactory;
  /** The platform's request field names in a 422 → the portal's form field names. */
  fieldNames: Readonly<Record<string, string>>;
}
