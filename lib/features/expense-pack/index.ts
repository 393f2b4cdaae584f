import "server-only";

/** What app/ and other features may use of the expense pack: the rest of the folder is its own. */
export { createExpensePackHandler, createStaffExpensePackHandler } from "./route-handlers";
