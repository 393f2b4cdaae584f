import { signedInDriver } from "@/lib/core/route-handlers/access";
import { createSessionExportHandler } from "@/lib/features/sessions/route-handlers";

/** GET /api/sessions/{id}/export → one own session as CSV; 404 for any session that is not the driver's. */
export const GET = createSessionExportHandler({ authorize: signedInDriver });
