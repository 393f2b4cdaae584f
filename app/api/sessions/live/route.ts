import { signedInDriver } from "@/lib/core/route-handlers/access";
import { createLiveSessionsHandler } from "@/lib/features/sessions/route-handlers";

/**
 * GET /api/sessions/live → `LiveSessionsResponse` (lib/features/sessions/live-view.ts): the signed-in
 * driver's running sessions in the portal's own shape, polled by the live panel.
 */
export const GET = createLiveSessionsHandler({ authorize: signedInDriver });
