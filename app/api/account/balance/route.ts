import { getBalanceView } from "@/lib/features/accounts/platform-user";
import { DRIVER_ACCOUNT_GONE, signedInDriver } from "@/lib/core/route-handlers/access";
import { PRIVATE_NO_STORE, routeHandler } from "@/lib/core/route-handlers/route-handler";

/** GET /api/account/balance → `{balance: BalanceView}`: the signed-in driver's balance, for live updates (after a voucher). */
export const GET = routeHandler({
  scope: "balance",
  words: { doing: "profile.doing.loadBalance", notFound: DRIVER_ACCOUNT_GONE },
  access: signedInDriver,
  async run({ actor }) {
    return Response.json({ balance: await getBalanceView(actor.platformUserId) }, { headers: PRIVATE_NO_STORE });
  },
});
