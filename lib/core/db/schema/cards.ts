import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Who set a card's status and when (the platform tells neither), so staff see pause vs block. Newest row wins. */
export const cardStatusChanges = pgTable(
  "card_status_change",
  {
    id: serial("id").primaryKey(),
    cardId: integer("card_id").notNull(),
    platformUserId: integer("platform_user_id").notNull(),
    status: text("status").$type<"active" | "inactive" | "blocked">().notNull(),
    /** "driver" for the card's own driver, else the staff role. */
    byRole: text("by_role").$type<"driver" | "support" | "admin">().notNull(),
    /** The staff member's e-mail, for staff changes only: a driver is "the driver". */
    byStaffEmail: text("by_staff_email"),
    at: timestamp("at", { mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("card_status_change_card_idx").on(t.cardId)],
);
