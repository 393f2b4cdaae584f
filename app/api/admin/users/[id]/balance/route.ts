import { z } from "zod";
import { getBalanceView } from "@/lib/features/accounts/platform-user";
import { platformIdPathParam, PlatformUserIdSchema } from "@/lib/platform/platform-id";
import { driverAudit, staffMember } from "@/lib/core/route-handlers/access";
import { RouteError } from "@/lib/core/route-handlers/route-error";
import { PRIVATE_NO_STORE, routeHandler } from "@/lib/core/route-handlers/route-handler";

/** GET → `{balance}` for the admin driver page's live update after a voucher. Staff only; no data in a refusal, which is audited. */
export const GET = routeHandler({
  scope: "admin",
  words: { doing: "admin.doing.loadBalance", notFound: "admin.balance.notFound" },
  access: staffMember("support"),
  audit: driverAudit("driver.balance.read"),
  params: {
    schema: z.object({ id: platformIdPathParam(PlatformUserIdSchema) }),
    invalid: () => new RouteError(400, "admin.balance.badId"),
  },
  async run({ params }) {
    return Response.json({ balance: await getBalanceView(params.id) }, { headers: PRIVATE_NO_STORE });
  },
});
