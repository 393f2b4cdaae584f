import { createDataExportHandler } from "@/lib/features/accounts/data-export-route";
import { signedInDriver } from "@/lib/core/route-handlers/access";

/**
 * GET /api/account/data-export → the signed-in driver's data (portal account, devices, audit entries,
 * platform profile, cards and every session) as a ZIP of JSON files with a README, streamed. The
 * driver comes from the sign-in session only. 401 signed out, 429/503/502 `{error}` when the platform
 * cannot be read (lib/core/route-handlers/error-answer.ts).
 */
export const GET = createDataExportHandler({ authorize: signedInDriver });
