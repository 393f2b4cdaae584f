import { signedInDriver } from "@/lib/core/route-handlers/access";
import { createSessionsExportHandler } from "@/lib/features/sessions/route-handlers";

/**
 * GET /api/sessions/export?status=&from=&to= → the signed-in driver's sessions as CSV, streamed
 * (header row, ISO times, kWh and amount with a dot decimal). The driver comes from the sign-in
 * session only; a `userId` parameter is ignored. 400 `{error}` on bad filters, 401 signed out,
 * 429/503/502 `{error}` when the platform cannot be read (lib/core/route-handlers/error-answer.ts).
 */
export const GET = createSessionsExportHandler({ authorize: signedInDriver });
