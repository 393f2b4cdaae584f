import { getViewer } from "@/lib/core/auth/viewer";
import { isStaff } from "@/lib/core/auth/roles";
import { getConfig } from "@/lib/core/config";
import { getDb } from "@/lib/core/db/client";
import { logger } from "@/lib/core/log";
import { listDeprecations } from "@/lib/platform/deprecations";
import { anyone } from "@/lib/core/route-handlers/access";
import { routeHandler } from "@/lib/core/route-handlers/route-handler";
import { lacksStaffPasskey } from "@/lib/core/auth/guards";

const NO_STORE = { "cache-control": "no-store" };

/** Liveness plus config and database. Signed-in staff also see the dialect and endpoints announced as deprecated. */
export const GET = routeHandler({
  scope: "health",
  words: { doing: "health.doing.check" },
  access: anyone,
  async run() {
    try {
      const config = getConfig();
      await getDb();
      const viewer = await getViewer();
      const staffDetail =
        viewer && isStaff(viewer.role) && !lacksStaffPasskey(viewer)
          ? { platform: { dialect: config.platform.dialect, deprecations: listDeprecations() } }
          : {};
      return Response.json({ status: "ok", demoMode: config.demoMode, ...staffDetail }, { headers: NO_STORE });
    } catch (error) {
      // Not ready is this route's answer, not a failure of the route: a load balancer reads the 503.
      logger("health").error("not ready", error);
      return Response.json({ status: "unavailable" }, { status: 503, headers: NO_STORE });
    }
  },
});
