import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per e-mail while a sign-up (or staff "create driver") is creating the platform user.
 * The primary key on the e-mail serialises concurrent attempts, so a double submit, a retry after
 * a timeout or a second tab never creates a second platform user.
 */
export const signupAttempts = pgTable("signup_attempt", {
  email: text("email").primaryKey(),
  status: text("status").$type<"pending" | "created" | "failed">().notNull(),
  platformUserId: integer("platform_user_id"),
  startedAt: timestamp("started_at", { mode: "date" }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { mode: "date" }),
});

/** Fixed-window counters for abuse limits (sign-in mails, sign-up, voucher attempts). */
export const rateLimitCounters = pgTable(
  "rate_limit_counter",
  {
    bucket: text("bucket").notNull(),
    subject: text("subject").notNull(),
    windowStart: timestamp("window_start", { mode: "date" }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.subject, t.windowStart] })],
);

/** Demo mail: messages land here when no SMTP_URL is configured, readable at /dev/mailbox. */
export const mailOutbox = pgTable("mail_outbox", {
  id: serial("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  createdAt: timestamp("created_at", { mode: "date" }).notNull().defaultNow(),
});

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
  },
  (t) => [index("audit_log_at_idx").on(t.at), index("audit_log_target_idx").on(t.targetPlatformUserId)],
);

/**
 * Session ids confirmed to belong to a platform user. The platform's session read has no user scope,
 * so ownership is proven once through the user's own list and remembered.
 */
export const sessionOwnership = pgTable("session_ownership", {
  sessionId: integer("session_id").primaryKey(),
  platformUserId: integer("platform_user_id").notNull(),
  confirmedAt: timestamp("confirmed_at", { mode: "date" }).notNull().defaultNow(),
});
