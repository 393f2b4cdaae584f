import { getViewer } from "@/lib/core/auth/viewer";
import { isStaff } from "@/lib/core/auth/roles";
import { getConfig } from "@/lib/core/config";
import { getDb } from "@/lib/core/db/client";
import { logger } from "@/lib/core/log";
import { listDeprecations } from "@/lib/platform/deprecations";
import { anyone } from "@/lib/core/route-handlers/access";
import { NO_STORE, routeHandler } from "@/lib/core/route-handlers/route-handler";
import { lacksStaffPasskey } from "@/lib/core/auth/guards";
import { callbacksArriving } from "@/lib/features/live";

/**
 * Liveness plus config and database; staff also see the dialect and deprecated endpoints. `events.recent`:
 * a platform callback arrived in the last 15 minutes (silence while drivers charge means a broken subscription).
 */
export const GET = routeHandler({
  scope: "health",
  words: { doing: "health.doing.check" },
  access: anyone,
  async run() {
    try {
      const config = getConfig();
      await getDb();
      const viewer = await getViewer();
      const staff = viewer !== null && isStaff(viewer.role) && !lacksStaffPasskey(viewer);
      const staffDetail = staff
        ? { platform: { dialect: config.platform.dialect, deprecations: listDeprecations() } }
        : {};
      const arriving = await callbacksArriving();
      const events = arriving
        ? { events: { recent: arriving.recent, ...(staff ? { lastAt: arriving.lastAt?.toISOString() ?? null } : {}) } }
        : {};
      return Response.json(
        { status: "ok", demoMode: config.demoMode, ...events, ...staffDetail },
        { headers: NO_STORE },
      );
    } catch (error) {
      // Not ready is this route's answer, not a failure of the route: a load balancer reads the 503.
      logger("health").error("not ready", error);
      return Response.json({ status: "unavailable" }, { status: 503, headers: NO_STORE });
    }
  },
});
