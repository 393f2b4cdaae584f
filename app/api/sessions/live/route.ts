import { signedInDriver } from "@/lib/route-handlers/access";
import { createLiveSessionsHandler } from "@/lib/sessions/route-handlers";

/**
 * GET /api/sessions/live → `LiveSessionsResponse` (lib/sessions/live-view.ts): the signed-in
 * driver's running sessions in the portal's own shape, polled by the live panel.
 */
export const GET = createLiveSessionsHandler({ authorize: signedInDriver });
