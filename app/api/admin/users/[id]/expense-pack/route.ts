import { createStaffExpensePackHandler } from "@/lib/features/expense-pack";
import { staffMember } from "@/lib/core/route-handlers/access";

/**
 * GET /api/admin/users/{id}/expense-pack?period=… → a driver's expense pack for support staff,
 * audited as `driver.expense-pack.download`. See lib/features/expense-pack/route-handlers.ts.
 */
export const GET = createStaffExpensePackHandler({ authorize: staffMember("support") });
