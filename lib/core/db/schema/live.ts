import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Platform callbacks already taken (notifications v2.0): one row per distinct signed body, keyed by
 * its SHA-256. A callback the platform sends again (a retry, a duplicate, a replay of a captured
 * one) finds its row and changes nothing. Rows older than the retention are deleted as new ones come.
 */
export const platformCallbacks = pgTable(
  "platform_callback",
  {
    digest: text("digest").primaryKey(),
    kind: text("kind").notNull(),
    receivedAt: timestamp("received_at", { mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("platform_callback_received_idx").on(t.receivedAt)],
);

/**
 * What a driver's open tabs are told (a running session's figures, a finished session, the
 * balance): numbered in one sequence across instances, so a tab that reconnects with
 * `Last-Event-ID` gets what it missed, whichever instance took the callback.
 */
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

/**
 * The charge receipts sent: one row per platform session. The primary key is what makes it exactly
 * one mail per session, however often, in whatever order and on however many instances the
 * platform reports the end: only the instance whose insert took the row sends.
 */
export const chargeReceipts = pgTable("charge_receipt", {
  sessionId: integer("session_id").primaryKey(),
  platformUserId: integer("platform_user_id").notNull(),
  sentAt: timestamp("sent_at", { mode: "date" }).notNull().defaultNow(),
});
