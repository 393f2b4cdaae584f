import { anyone } from "@/lib/core/route-handlers/access";
import { NO_STORE, routeHandler } from "@/lib/core/route-handlers/route-handler";

/** Liveness: the process runs and answers. Nothing else is checked, so a slow database never restarts it. */
export const GET = routeHandler({
  scope: "health",
  words: { doing: "health.doing.check" },
  access: anyone,
  async run() {
    return Response.json({ status: "ok" }, { headers: NO_STORE });
  },
});
