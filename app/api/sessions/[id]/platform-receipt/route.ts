import { signedInDriver } from "@/lib/core/route-handlers/access";
import { createPlatformReceiptHandler } from "@/lib/features/charging";

/** GET /api/sessions/{id}/platform-receipt → the charging service's own receipt of the session (PDF); 404 where none. */
export const GET = createPlatformReceiptHandler({ authorize: signedInDriver });
