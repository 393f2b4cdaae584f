import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Platform callbacks already taken, one row per signed body (its SHA-256): a retry or replay changes nothing. */
export const platformCallbacks = pgTable(
  "platform_callback",
  {
    digest: text("digest").primaryKey(),
    kind: text("kind").notNull(),
    receivedAt: timestamp("received_at", { mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("platform_callback_received_idx").on(t.receivedAt)],
);

/** Events for a driver's tabs, numbered in one sequence across instances (the Last-Event-ID a tab sends back). */
export const liveEvents = pgTable(
  "live_event",
  {
    id: serial("id").primaryKey(),
    platformUserId: integer("platform_user_id").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("live_event_user_idx").on(t.platformUserId, t.id), index("live_event_created_idx").on(t.createdAt)],
);

/** Charge receipts sent: the primary key on the session makes it one mail per session on any number of instances. */
export const chargeReceipts = pgTable("charge_receipt", {
  sessionId: text("session_id").primaryKey(),
  platformUserId: integer("platform_user_id").notNull(),
  sentAt: timestamp("sent_at", { mode: "date" }).notNull().defaultNow(),
});

/**
 * The subscription `npm run platform:subscribe` made and what signs its callbacks: a static key's fingerprint, or the
 * OAuth token itself (it stays the signing key after it expires; docs/design-notes.md#libfeatureslive).
 */
export const platformSubscriptions = pgTable("platform_subscription", {
  callbackUrl: text("callback_url").primaryKey(),
  subscriptionId: integer("subscription_id").notNull(),
  kinds: text("kinds").notNull(),
  keyFingerprint: text("key_fingerprint").notNull(),
  signingKey: text("signing_key"),
  createdAt: timestamp("created_at", { mode: "date" }).notNull().defaultNow(),
});

/**
 * The drivers' open event streams on every instance, for the caps per account and per client address. A row lives
 * while its stream does; one whose instance died stops counting once `renewedAt` (each heartbeat) is stale.
 */
export const liveStreams = pgTable(
  "live_stream",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    /** The per-client limit key (an IPv6 address by its /64). */
    clientKey: text("client_key").notNull(),
    openedAt: timestamp("opened_at", { mode: "date" }).notNull().defaultNow(),
    renewedAt: timestamp("renewed_at", { mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("live_stream_user_idx").on(t.userId), index("live_stream_client_idx").on(t.clientKey)],
);
