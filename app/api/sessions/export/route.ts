import { signedInDriver } from "@/lib/core/route-handlers/access";
import { createSessionsExportHandler } from "@/lib/features/sessions/route-handlers";

/**
 * GET → the signed-in driver's sessions as streamed CSV; a `userId` parameter is ignored. Statuses:
 * lib/core/route-handlers/error-answer.ts.
 */
export const GET = createSessionsExportHandler({ authorize: signedInDriver });
