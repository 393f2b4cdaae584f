import { readiness } from "@/lib/core/db/readiness";
import { anyone } from "@/lib/core/route-handlers/access";
import { NO_STORE, routeHandler } from "@/lib/core/route-handlers/route-handler";

/**
 * Readiness: the configuration is valid, the database answers and the instance is not draining; else 503 with the
 * reason (`draining`, `config`, `database`), so a balancer stops sending before shutdown (docs/operations.md).
 */
export const GET = routeHandler({
  scope: "health",
  words: { doing: "health.doing.check" },
  access: anyone,
  async run() {
    const ready = await readiness();
    return Response.json(ready, {
      status: ready.status === "ready" ? 200 : 503,
      headers: NO_STORE,
    });
  },
});
