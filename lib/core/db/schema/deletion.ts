import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

export type DeletionRequestStatus = "open" | "cancelled" | "declined" | "done";

/**
 * A driver's request to delete their account (GDPR art. 17). It waits out a grace period in which
 * the driver can cancel it; then staff carry it out (the platform user disabled or its cards blocked,
 * the portal account deleted) or decline it with a reason. The row outlives the account it was about
 * (`user_id` becomes null), so staff still see what was done; the audit log has both steps.
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
