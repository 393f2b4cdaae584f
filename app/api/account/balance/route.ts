import { currentLocale } from "@/lib/core/i18n/current-locale";
import { toBalanceView } from "@/lib/features/accounts/balance-view";
import { getPlatform } from "@/lib/platform";
import { DRIVER_ACCOUNT_GONE, signedInDriver } from "@/lib/core/route-handlers/access";
import { PRIVATE_NO_STORE, routeHandler } from "@/lib/core/route-handlers/route-handler";

/** GET /api/account/balance → `{balance: BalanceView}`: the signed-in driver's balance, for live updates (after a voucher). */
export const GET = routeHandler({
  scope: "balance",
  words: { doing: "profile.doing.loadBalance", notFound: DRIVER_ACCOUNT_GONE },
  access: signedInDriver,
  async run({ actor }) {
    const user = await getPlatform().users.getUser(actor.platformUserId);
    return Response.json({ balance: toBalanceView(user, await currentLocale()) }, { headers: PRIVATE_NO_STORE });
  },
});
