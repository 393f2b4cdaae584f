import { anyone } from "@/lib/core/route-handlers/access";
import { routeHandler } from "@/lib/core/route-handlers/route-handler";
import { receivePlatformCallback } from "@/lib/features/live";

/** The platform's callbacks: open to anyone, the X-Signature over the raw body is the access check (made in `run`). */
export const POST = routeHandler({
  scope: "live",
  words: { doing: "live.doing.receive" },
  access: anyone,
  run: ({ request }) => receivePlatformCallback(request),
});
