import { signedInDriver } from "@/lib/core/route-handlers/access";
import { createSessionReceiptHandler } from "@/lib/features/charging";

/** GET /api/sessions/{id}/receipt → a finished session's receipt (PDF, VAT split); 404 unless it is the driver's. */
export const GET = createSessionReceiptHandler({ authorize: signedInDriver });
