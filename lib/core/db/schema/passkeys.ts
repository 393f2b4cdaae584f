import { bigint, boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

/** Only what verification needs and the owner sees. A lower signature counter reveals a cloned authenticator. */
export const passkeys = pgTable(
  "passkey",
  {
    /** The credential id, base64url, as the browser names it. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** Up to 2^32 − 1 (WebAuthn's 32-bit counter): bigint, since an integer column would overflow. */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    /** Comma-separated transports ("internal", "hybrid", …), handed back to the browser on sign-in. */
    transports: text("transports").notNull().default(""),
    name: text("name").notNull(),
    /** The authenticator may sync the credential to other devices (backup eligible). */
    synced: boolean("synced").notNull().default(false),
    createdAt: timestamp("created_at", { mode: "date" }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { mode: "date" }),
  },
  (t) => [index("passkey_user_idx").on(t.userId)],
);

/**
 * Challenges handed to a browser for one registration or one sign-in. Kept in the database so any
 * instance can check the answer; each is used at most once (deleted when consumed) and expires.
 */
export const passkeyChallenges = pgTable(
  "passkey_challenge",
  {
    /** Random id the browser sends back with its answer, in the JSON body (a challenge is not tied to a browser). */
    id: text("id").primaryKey(),
    challenge: text("challenge").notNull(),
    purpose: text("purpose", { enum: ["register", "sign-in"] }).notNull(),
    /** The account registering a passkey; null for a sign-in (the account is not known yet). */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { mode: "date" }).notNull(),
  },
  (t) => [index("passkey_challenge_expires_idx").on(t.expiresAt)],
);
