import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

export type DeletionRequestStatus = "open" | "cancelled" | "declined" | "done";

/**
 * A driver's deletion request (GDPR art. 17): a grace period, then carried out or declined by staff. Outlives the
 * account (`user_id` null) so staff still see what was done.
 */
export const accountDeletionRequests = pgTable(
  "account_deletion_request",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    platformUserId: integer("platform_user_id").notNull(),
    email: text("email").notNull(),
    status: text("status").$type<DeletionRequestStatus>().notNull().default("open"),
    requestedAt: timestamp("requested_at", { mode: "date" }).notNull().defaultNow(),
    /** When the grace period ends: staff can carry the request out from then on. */
    dueAt: timestamp("due_at", { mode: "date" }).notNull(),
    closedAt: timestamp("closed_at", { mode: "date" }),
    closedByEmail: text("closed_by_email"),
    declineReason: text("decline_reason"),
  },
  (t) => [
    index("account_deletion_request_status_idx").on(t.status),
    index("account_deletion_request_user_idx").on(t.userId),
  ],
);
