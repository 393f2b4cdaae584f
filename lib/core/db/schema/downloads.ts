import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * A download the browser follows (issue 36): its progress, written by the instance that streams the file and read by
 * any instance, and a cancel any instance can set. The id is the browser's; the row is its account's only.
 */
export const downloadJobs = pgTable(
  "download_job",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    /** What is made: "expense-pack", "sessions-csv", "payments-csv", "my-data". */
    kind: text("kind").notNull(),
    /** "running", "done", "cancelled" or "failed". */
    state: text("state").notNull().default("running"),
    /** A code for what the server is doing ("sessions", "receipts", "invoices", "rows", …). */
    step: text("step").notNull().default("starting"),
    done: integer("done").notNull().default(0),
    total: integer("total"),
    /** Set by a cancel from any instance; the instance doing the work aborts its platform reads. */
    cancelRequested: boolean("cancel_requested").notNull().default(false),
    createdAt: timestamp("created_at", { mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("download_job_created_idx").on(t.createdAt)],
);
