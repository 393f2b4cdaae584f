import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

/** A mailed link's own columns: the token's hash (never the token), when it was made, expires and was used (once). */
const mailedLinkColumns = () => ({
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: timestamp("created_at", { mode: "date" }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { mode: "date" }).notNull(),
  usedAt: timestamp("used_at", { mode: "date" }),
});

/** One row per e-mail while a platform user is being created: the primary key serialises double submits and retries. */
export const signupAttempts = pgTable("signup_attempt", {
  email: text("email").primaryKey(),
  status: text("status").$type<"pending" | "created" | "failed">().notNull(),
  platformUserId: integer("platform_user_id"),
  startedAt: timestamp("started_at", { mode: "date" }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { mode: "date" }),
});

/** A sign-up waiting for its address to be proven (never the password); one per address, only the token's hash. */
export const pendingSignUps = pgTable(
  "pending_sign_up",
  {
    email: text("email").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    profile: jsonb("profile").$type<Record<string, string>>().notNull(),
    createdAt: timestamp("created_at", { mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { mode: "date" }),
  },
  (t) => [index("pending_sign_up_expires_idx").on(t.expiresAt)],
);

/** Fixed-window counters for abuse limits (sign-in mails, sign-up, voucher attempts). */
export const rateLimitCounters = pgTable(
  "rate_limit_counter",
  {
    bucket: text("bucket").notNull(),
    subject: text("subject").notNull(),
    windowStart: timestamp("window_start", { mode: "date" }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.subject, t.windowStart] }),
    // The clean-up deletes a bucket's ended windows without reading every subject of the bucket.
    index("rate_limit_counter_bucket_window_idx").on(t.bucket, t.windowStart),
  ],
);

/** Demo mail: messages land here when no SMTP_URL is configured, readable at /dev/mailbox. */
export const mailOutbox = pgTable("mail_outbox", {
  id: serial("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  /** Files sent with the message, each `{filename, contentType, base64}`. */
  attachments: jsonb("attachments").$type<OutboxAttachment[]>(),
  createdAt: timestamp("created_at", { mode: "date" }).notNull().defaultNow(),
});

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

/** Staff mutations, append-only from the portal's point of view. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { mode: "date" }).notNull().defaultNow(),
    actorUserId: text("actor_user_id"),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetPlatformUserId: integer("target_platform_user_id"),
    targetCard: text("target_card"),
    outcome: text("outcome").$type<"success" | "failure">().notNull(),
    details: jsonb("details").$type<Record<string, unknown>>(),
    error: text("error"),
    /** Why a refused request was refused, as a code (`role-required`, `not-found`, `invalid-input`…); null otherwise. */
    reason: text("reason"),
  },
  (t) => [index("audit_log_at_idx").on(t.at), index("audit_log_target_idx").on(t.targetPlatformUserId)],
);

/**
 * Session ids confirmed to belong to a platform user. The platform's session read has no user scope,
 * so ownership is proven once through the user's own list and remembered.
 */
export const sessionOwnership = pgTable("session_ownership", {
  /** The platform's string id (AMPECO types session ids as strings). */
  sessionId: text("session_id").primaryKey(),
  platformUserId: integer("platform_user_id").notNull(),
  confirmedAt: timestamp("confirmed_at", { mode: "date" }).notNull().defaultNow(),
});

/**
 * A driver's requested e-mail change, waiting for the link mailed to the new address. Only a hash of
 * the link's token is kept; the row binds it to one portal account and one new address. Used once.
 */
export const emailChanges = pgTable(
  "email_change",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    ...mailedLinkColumns(),
  },
  (t) => [index("email_change_user_idx").on(t.userId)],
);

/**
 * A staff role granted to an address that has no signed-in portal account yet. Only a sign-in link
 * to that address redeems it (lib/core/auth/link-account.ts); admins can withdraw it before then.
 */
export const staffInvites = pgTable("staff_invite", {
  email: text("email").primaryKey(),
  role: text("role").$type<"support" | "admin">().notNull(),
  invitedByUserId: text("invited_by_user_id"),
  invitedByEmail: text("invited_by_email").notNull(),
  createdAt: timestamp("created_at", { mode: "date" }).notNull().defaultNow(),
});

/**
 * A link for a staff-created driver to set their app password (ampeco mails none). Only the token's hash is kept;
 * single-use, expires.
 */
export const appPasswordLinks = pgTable(
  "app_password_link",
  {
    id: serial("id").primaryKey(),
    platformUserId: integer("platform_user_id").notNull(),
    email: text("email").notNull(),
    ...mailedLinkColumns(),
  },
  (t) => [index("app_password_link_user_idx").on(t.platformUserId)],
);
