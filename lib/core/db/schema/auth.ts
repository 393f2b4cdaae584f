import { boolean, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { Locale } from "@/lib/core/i18n/locales";

/**
 * Auth.js tables (shape required by @auth/drizzle-adapter) plus the portal's own columns
 * on `user`: the role and the link to the platform user id.
 */
export const ROLES = ["driver", "support", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const users = pgTable("user", {
  id: text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID()),
  name: text("name"),
  email: text("email").unique(),
  emailVerified: timestamp("emailVerified", { mode: "date" }),
  image: text("image"),
  role: text("role").$type<Role>().notNull().default("driver"),
  /** The platform user this portal account acts for; null for staff without a driver account. */
  platformUserId: integer("platform_user_id").unique(),
  /** When the address came through a change (null: the original). ADMIN_EMAILS never bootstraps such an account. */
  emailChangedAt: timestamp("email_changed_at", { mode: "date" }),
  /**
   * The address when the staff role was given or passkeys reset; only a link session to it may enrol the first staff
   * passkey. Null for drivers.
   */
  staffEnrolEmail: text("staff_enrol_email"),
  /** When the staff role was granted (or the passkeys reset): only a link session opened since enrols the first passkey. */
  staffGrantedAt: timestamp("staff_granted_at", { mode: "date" }),
  /** Mail the driver when a browser and system not seen before signs in (lib/core/auth/devices.ts). */
  newDeviceMail: boolean("new_device_mail").notNull().default(true),
  /** Mail the driver a receipt when a charging session ends (lib/features/live/receipt.ts). */
  receiptMail: boolean("receipt_mail").notNull().default(true),
  /** The language the driver chose (lib/core/i18n/locales.ts); null: the browser's. Mails go in it. */
  locale: text("locale").$type<Locale>(),
  createdAt: timestamp("created_at", { mode: "date" }).notNull().defaultNow(),
});

export const accounts = pgTable(
  "account",
  {
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    provider: text("provider").notNull(),
    providerAccountId: text("providerAccountId").notNull(),
    refresh_token: text("refresh_token"),
    access_token: text("access_token"),
    expires_at: integer("expires_at"),
    token_type: text("token_type"),
    scope: text("scope"),
    id_token: text("id_token"),
    session_state: text("session_state"),
  },
  (account) => [primaryKey({ columns: [account.provider, account.providerAccountId] })],
);

export const sessions = pgTable("session", {
  sessionToken: text("sessionToken").primaryKey(),
  userId: text("userId")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expires: timestamp("expires", { mode: "date" }).notNull(),
  /** How the session was established: staff need a passkey one when STAFF_REQUIRE_PASSKEY is on. */
  signInMethod: text("sign_in_method", { enum: ["email", "passkey"] })
    .notNull()
    .default("email"),
  /** When the session was opened; null for sessions older than the column (never "after a staff grant"). */
  createdAt: timestamp("created_at", { mode: "date" }).defaultNow(),
});

export const verificationTokens = pgTable(
  "verificationToken",
  {
    identifier: text("identifier").notNull(),
    token: text("token").notNull(),
    expires: timestamp("expires", { mode: "date" }).notNull(),
  },
  (vt) => [primaryKey({ columns: [vt.identifier, vt.token] })],
);
