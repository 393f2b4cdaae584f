import { createExpensePackHandler } from "@/lib/features/expense-pack";
import { signedInDriver } from "@/lib/core/route-handlers/access";

/** GET → the signed-in driver's expense pack ZIP, streamed; answers in lib/features/expense-pack/route-handlers.ts. */
export const GET = createExpensePackHandler({ authorize: signedInDriver });
