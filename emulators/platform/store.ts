import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync, unlinkSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { START_ERROR_CODES } from "./charging-settings";

/**
 * The emulator's whole persistent state, as one JSON document. The zod schema is the single source
 * of the record types and also guards loading a state file that someone edited by hand or that an
 * older emulator wrote: a file that does not parse is set aside, never half-used.
 */
const isoString = z.string().refine((v) => !Number.isNaN(Date.parse(v)), "not an ISO date");
const nullableString = z.string().nullable();

export const UserRecordSchema = z.object({
  id: z.int(),
  email: z.string(),
  /** sha256 hex of the password; never leaves the emulator. */
  passwordHash: z.string(),
  firstName: nullableString,
  lastName: nullableString,
  phone: nullableString,
  address: nullableString,
  city: nullableString,
  postCode: nullableString,
  country: nullableString,
  partnerId: z.int().nullable(),
  userGroupId: z.int().nullable(),
  /** Integer cents avoid float drift when vouchers add up. */
  balanceCents: z.int(),
  currency: nullableString,
  createdAt: isoString,
  // Fields only the ampeco dialect shows; defaults keep state files of older emulators loadable.
  status: z.enum(["enabled", "disabled"]).default("enabled"),
  requirePasswordReset: z.boolean().default(false),
  updatedAt: isoString.nullable().default(null),
  /** A refusal every start of this user gets (control API, for journeys that run beside others); null: none. */
  startRefusal: z.enum(START_ERROR_CODES).nullable().default(null),
});

export const TokenStatusSchema = z.enum(["active", "blocked", "inactive"]);
export const TokenRecordSchema = z.object({
  id: z.int(),
  /**
   * null: a tag provisioned before it is handed out (ampeco only; a tag with no user authorises
   * nothing). The contract's tokens always have a user, so its routes do not show these.
   */
  userId: z.int().nullable(),
  code: z.string(),
  visualNumber: nullableString,
  /** `mac_address` only comes from the ampeco dialect (its `emaid` is this store's `app`). */
  type: z.enum(["rfid", "app", "mac_address"]),
  status: TokenStatusSchema,
  createdAt: isoString,
  updatedAt: isoString.nullable().default(null),
});

export const SessionStatusSchema = z.enum(["started", "charging", "finished", "failed"]);
/**
 * What a start through the API fixed: its `idTag` (null: the platform names the remote start), the card it pays with
 * (null: the balance), the tariff and its snapshot, when the car starts to draw (the EVSE prepares until then) and
 * when billing completed (a balance payment is taken then).
 */
export const RemoteStartSchema = z.object({
  authorizationId: z.int(),
  idTag: z.string().nullable(),
  paymentMethodId: z.string().nullable(),
  tariffId: z.int(),
  tariffSnapshotId: z.int(),
  chargingFrom: isoString,
  billedAt: isoString.nullable(),
});
export const SessionRecordSchema = z.object({
  id: z.int(),
  /** Internal only: the platform's session carries no user id, but filter[userId] needs it. */
  userId: z.int(),
  evseId: z.int(),
  locationId: z.int(),
  status: SessionStatusSchema,
  startedAt: isoString,
  stoppedAt: isoString.nullable(),
  /** Wh; for a running session the value is computed on read from powerW and the clock. */
  energy: z.int(),
  amount: z.number(),
  powerW: z.int(),
  pricePerKwh: z.number(),
  /** A running session stops gaining energy here (the car is full). */
  maxEnergy: z.int(),
  /** Only the ampeco dialect shows it (the contract's sessions carry no currency). */
  currency: z.string().default("EUR"),
  /** Why it stopped, when a stop action said so (ampeco: `remote`, `force_stop`); null reads as a standard stop. */
  stopReason: z.string().nullable().default(null),
  /** Set on a session started through the ampeco start action (ampeco/charging.ts); null on every other. */
  remoteStart: RemoteStartSchema.nullable().default(null),
});

export const VoucherStatusSchema = z.enum(["valid", "used", "expired", "not_applicable"]);
export const VoucherRecordSchema = z.object({
  code: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: VoucherStatusSchema,
  redeemedByUserId: z.int().nullable(),
  redeemedAt: isoString.nullable(),
});

export const RedemptionRecordSchema = z.object({
  id: z.int(),
  code: z.string(),
  userId: z.int(),
  amount: z.number(),
  currency: z.string(),
  redeemedAt: isoString,
  /** The credit shows in the balance from this instant on (applied lazily on the next request). */
  applyAt: isoString,
  appliedAt: isoString.nullable(),
});

/** One line of a driver's ledger (ampeco's transactions v1.0); `amount` is never negative. */
export const TransactionRecordSchema = z.object({
  id: z.int(),
  userId: z.int(),
  date: isoString,
  kind: z.enum(["session", "subscription_plan", "topup_package", "custom_fee", "payment_authorisation"]),
  purchaseResourceId: z.int().nullable(),
  sessionId: z.int().nullable(),
  /** The voucher whose redemption this top-up is (ampeco: "the balance voucher that paid it"). */
  voucherId: z.int().nullable(),
  redemptionId: z.int().nullable(),
  amount: z.number().nonnegative(),
  currency: z.string(),
  status: z.enum(["pending", "finalized", "failed", "reversed", "refunded", "authorized", "initialized"]),
  /** internal: from the balance or a voucher; external: a payment method (card). */
  billingType: z.enum(["internal", "external"]),
  paymentMethodId: nullableString,
  invoiceId: z.int().nullable(),
  finalizedAt: isoString.nullable(),
  updatedAt: isoString,
});

export const InvoiceRecordSchema = z.object({
  id: z.int(),
  userId: z.int(),
  transactionId: z.int(),
  type: z.enum(["invoice", "pro_forma", "credit_note"]),
  number: z.string(),
  date: isoString,
  /** Tax included; a credit note's amount is positive too (its type says it credits). */
  totalAmount: z.number().nonnegative(),
  taxRate: z.int(),
  service: z.string(),
  quantity: z.number(),
  totalEnergy: z.number(),
  periodFrom: isoString.nullable(),
  periodTo: isoString.nullable(),
});

/** A user's invoice details, in the "Ampeco Invoice Manager" shape (the writable fields). */
export const InvoiceDetailsRecordSchema = z.object({
  userId: z.int(),
  fields: z.record(z.string(), z.union([z.string(), z.boolean(), z.null()])),
  requireInvoiceLastUpdatedAt: isoString.nullable(),
});

export const MailRecordSchema = z.object({
  id: z.int(),
  kind: z.literal("password-reset"),
  userId: z.int(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  sentAt: isoString,
});

/** The notification kinds the emulator sends (ampeco-openapi-subset.json, the subscribe operation's callbacks). */
export const SENT_NOTIFICATION_KINDS = [
  "SessionUpdateNotification",
  "session.start.stop.notification",
  "userBalance.changed",
  "idTag.changed",
  "transaction.changed",
  "UserChangedNotification",
] as const;

/**
 * A webhook subscription of notifications v2.0. `signingKey` is the access token that created it: the
 * platform signs every callback with it (X-Signature). It never leaves the emulator in an answer.
 */
export const SubscriptionRecordSchema = z.object({
  id: z.int(),
  notifications: z.array(z.string()),
  callbackUrl: z.string(),
  signingKey: z.string(),
  /** The host the subscription was made on, sent back as `X-Tenant`. */
  tenant: z.string(),
  createdAt: isoString,
});

/** A card a user saved in the app (payment methods v1.0); the balance is not a record. */
export const PaymentMethodRecordSchema = z.object({
  id: z.string(),
  userId: z.int(),
  issuer: z.enum(["visa", "mastercard", "maestro", "amex"]),
  last4: z.string().regex(/^\d{4}$/),
  expireYear: z.int(),
  expireMonth: z.int().min(1).max(12),
  default: z.boolean(),
  addedAt: isoString,
  removedAt: isoString.nullable(),
});

export const EmulatorStateSchema = z.object({
  version: z.literal(1),
  seededAt: isoString,
  nextIds: z.object({
    user: z.int(),
    token: z.int(),
    session: z.int(),
    redemption: z.int(),
    mail: z.int(),
    // Defaults keep state files of older emulators loadable.
    subscription: z.int().default(1),
    transaction: z.int().default(1),
    invoice: z.int().default(1),
    authorization: z.int().default(60_001),
    tariffSnapshot: z.int().default(80_001),
  }),
  users: z.array(UserRecordSchema),
  tokens: z.array(TokenRecordSchema),
  sessions: z.array(SessionRecordSchema),
  vouchers: z.array(VoucherRecordSchema),
  redemptions: z.array(RedemptionRecordSchema),
  outbox: z.array(MailRecordSchema),
  subscriptions: z.array(SubscriptionRecordSchema).default([]),
  transactions: z.array(TransactionRecordSchema).default([]),
  invoices: z.array(InvoiceRecordSchema).default([]),
  invoiceDetails: z.array(InvoiceDetailsRecordSchema).default([]),
  paymentMethods: z.array(PaymentMethodRecordSchema).default([]),
});

export type UserRecord = z.infer<typeof UserRecordSchema>;
export type TokenRecord = z.infer<typeof TokenRecordSchema>;
export type TokenStatus = z.infer<typeof TokenStatusSchema>;
export type SessionRecord = z.infer<typeof SessionRecordSchema>;
export type SessionStatus = z.infer<typeof SessionStatusSchema>;
export type VoucherRecord = z.infer<typeof VoucherRecordSchema>;
export type VoucherStatus = z.infer<typeof VoucherStatusSchema>;
export type RedemptionRecord = z.infer<typeof RedemptionRecordSchema>;
export type MailRecord = z.infer<typeof MailRecordSchema>;
export type SubscriptionRecord = z.infer<typeof SubscriptionRecordSchema>;
export type TransactionRecord = z.infer<typeof TransactionRecordSchema>;
export type InvoiceRecord = z.infer<typeof InvoiceRecordSchema>;
export type InvoiceDetailsRecord = z.infer<typeof InvoiceDetailsRecordSchema>;
export type RemoteStart = z.infer<typeof RemoteStartSchema>;
export type PaymentMethodRecord = z.infer<typeof PaymentMethodRecordSchema>;
export type EmulatorState = z.infer<typeof EmulatorStateSchema>;

export function nextId(state: EmulatorState, kind: keyof EmulatorState["nextIds"]): number {
  const id = state.nextIds[kind];
  state.nextIds[kind] = id + 1;
  return id;
}

/** Loads the state file, or returns null when there is none or it is unusable (then set aside). */
export function loadState(file: string): EmulatorState | null {
  if (!existsSync(file)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    setAside(file, `not JSON (${(error as Error).message})`);
    return null;
  }
  const parsed = EmulatorStateSchema.safeParse(raw);
  if (!parsed.success) {
    setAside(
      file,
      parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".")}: ${i.message}`)
        .join("; "),
    );
    return null;
  }
  return parsed.data;
}

function setAside(file: string, reason: string) {
  const target = `${file}.corrupt-${Date.now()}`;
  console.warn(
    `[platform-emulator] state file ${file} is unusable (${reason}); moved to ${target}, starting from the seed`,
  );
  try {
    renameSync(file, target);
  } catch {
    // If it cannot be moved, the next save overwrites it; starting from the seed is still right.
  }
}

/**
 * Atomic write: a reader (or a crash mid-write) never sees half a file, because rename replaces
 * the old file in one step on the same file system.
 */
export function saveState(file: string, state: EmulatorState): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(tmp, JSON.stringify(state));
    renameSync(tmp, file);
  } catch (error) {
    try {
      unlinkSync(tmp);
    } catch {
      // nothing to clean up
    }
    throw error;
  }
}
