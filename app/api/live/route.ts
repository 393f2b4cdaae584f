import { signedInDriver } from "@/lib/core/route-handlers/access";
import { routeHandler } from "@/lib/core/route-handlers/route-handler";
import { openDriverStream } from "@/lib/features/live";

/**
 * GET /api/live: the signed-in driver's events as server-sent events, one stream per tab (see
 * lib/features/live/stream.ts). 404 where the platform sends no events: the tab polls instead.
 */
export const GET = routeHandler({
  scope: "live",
  words: { doing: "live.doing.stream" },
  access: signedInDriver,
  run: ({ request, actor }) => openDriverStream(request, actor),
});
