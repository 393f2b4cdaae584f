import { anyone } from "@/lib/core/route-handlers/access";
import { routeHandler } from "@/lib/core/route-handlers/route-handler";
import { receivePlatformCallback } from "@/lib/features/live";

/**
 * POST /api/platform/callbacks: the platform's notification callbacks (ampeco dialect; see
 * lib/features/live/receive-callback.ts). Open to anyone: the X-Signature over the raw body is the
 * access check, made in `run`, which reads the request's bytes itself (the helper never reads a body).
 */
export const POST = routeHandler({
  scope: "live",
  words: { doing: "live.doing.receive" },
  access: anyone,
  run: ({ request }) => receivePlatformCallback(request),
});
