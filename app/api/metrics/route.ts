import { headers } from "next/headers";
import { trustedClientAddress } from "@/lib/core/auth/client-address";
import { getConfig } from "@/lib/core/config";
import { readiness } from "@/lib/core/db/readiness";
import { metricsAccess } from "@/lib/core/observability/access";
import { metricsText } from "@/lib/core/observability/metrics";
import { anyone } from "@/lib/core/route-handlers/access";
import { NO_STORE, routeHandler } from "@/lib/core/route-handlers/route-handler";

/** Prometheus metrics of this instance (METRICS_ENABLED): for a loopback client or the METRICS_TOKEN bearer only. */
export const GET = routeHandler({
  scope: "metrics",
  words: { doing: "health.doing.check" },
  access: anyone,
  async run() {
    const { metricsEnabled, metricsToken } = getConfig().observability;
    const access = metricsAccess({
      enabled: metricsEnabled,
      token: metricsToken,
      authorization: (await headers()).get("authorization"),
      clientAddress: await trustedClientAddress(),
    });
    if (access !== "allowed") return new Response(null, { status: access === "off" ? 404 : 403, headers: NO_STORE });
    await readiness();
    const { body, contentType } = await metricsText();
    return new Response(body, { headers: { ...NO_STORE, "content-type": contentType } });
  },
});
