import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sessions, users } from "./auth";

/** A device as an account has signed in with it: the browser and system names, and when it was first seen. */
const deviceColumns = () => ({
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  browser: text("browser").notNull(),
  os: text("os").notNull(),
  firstSeen: timestamp("first_seen", { mode: "date" }).notNull().defaultNow(),
});

/** Each session's device: browser and system names, first/last seen. Never the user agent or an IP address. */
export const sessionDevices = pgTable(
  "session_device",
  {
    /** What the page and its forms name a device by: the session token never leaves the server. */
    id: uuid("id").primaryKey().defaultRandom(),
    sessionToken: text("session_token")
      .notNull()
      .unique()
      .references(() => sessions.sessionToken, { onDelete: "cascade" }),
    ...deviceColumns(),
    lastSeen: timestamp("last_seen", { mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("session_device_user_idx").on(t.userId)],
);

/**
 * Browser and system pairs an account has signed in with: a sign-in from a pair not seen before
 * mails the driver a notice (unless they switched it off, `user.new_device_mail`).
 */
export const knownDevices = pgTable(
  "known_device",
  {
    ...deviceColumns(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.browser, t.os] })],
);
