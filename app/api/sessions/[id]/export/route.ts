import { signedInDriver } from "@/lib/route-handlers/access";
import { createSessionExportHandler } from "@/lib/sessions/route-handlers";

/** GET /api/sessions/{id}/export → one own session as CSV; 404 for any session that is not the driver's. */
export const GET = createSessionExportHandler({ authorize: signedInDriver });
