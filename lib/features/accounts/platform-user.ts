import "server-only";
import { cache } from "react";
import { currentLocale } from "@/lib/core/auth/current-locale";
import { getPlatform } from "@/lib/platform";
import type { PlatformUser } from "@/lib/platform/types";
import { toBalanceView, type BalanceView } from "./balance-view";

/**
 * A driver's account as the platform holds it (profile, balance, currency), for pages and route handlers; read once
 * per render (the admin driver page's layout checks that the driver exists, the page shows it).
 */
export const getPlatformUser = cache((platformUserId: number): Promise<PlatformUser> => {
  return getPlatform().users.getUser(platformUserId);
});

/** The driver's balance as the portal shows it, in the request's language. */
export async function getBalanceView(platformUserId: number): Promise<BalanceView> {
  const user = await getPlatformUser(platformUserId);
  return toBalanceView(user, await currentLocale());
}
