import "server-only";
import { toBalanceView, type BalanceView } from "@/lib/features/accounts/balance-view";
import { getPlatform } from "@/lib/platform";
import { profileValuesOf, type ProfileValues } from "./profile-values";
import { currentLocale } from "@/lib/core/auth/current-locale";
import type { PlatformClient } from "@/lib/platform/client";
import { isPlatformError } from "@/lib/platform/errors";
import { logger } from "@/lib/core/log";

/** What the account page shows of the driver's platform user: the portal's view, never the platform's JSON. */
export type AccountView =
  | { status: "ok"; firstName: string | null; email: string; balance: BalanceView; profile: ProfileValues }
  /** The failure, which the page puts into words. */
  | { status: "error"; error: unknown };

/** The account as a result, not a throw: a failure shows in place of the details while the other cards keep working. */
export async function loadAccountView(
  platformUserId: number,
  platform: Pick<PlatformClient, "users"> = getPlatform(),
): Promise<AccountView> {
  try {
    const user = await platform.users.getUser(platformUserId);
    return {
      status: "ok",
      firstName: user.firstName,
      email: user.email,
      balance: toBalanceView(user, await currentLocale()),
      profile: profileValuesOf(user),
    };
  } catch (error) {
    // Platform failures are logged by the platform client; anything else is a bug worth a line.
    if (!isPlatformError(error)) logger("account").error("loading the account failed", error);
    return { status: "error", error };
  }
}
