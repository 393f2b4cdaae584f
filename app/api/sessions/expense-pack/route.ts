import { createExpensePackHandler } from "@/lib/features/expense-pack/route-handlers";
import { signedInDriver } from "@/lib/core/route-handlers/access";

/**
 * GET /api/sessions/expense-pack?period=this-month|last-month|custom|filters[&from=&to=&status=] →
 * the signed-in driver's expense pack (ZIP: summary.pdf, receipts/, sessions.csv), streamed.
 * See lib/features/expense-pack/route-handlers.ts for the answers.
 */
export const GET = createExpensePackHandler({ authorize: signedInDriver });
