import "server-only";
import { logger } from "@/lib/core/log";
import { getPlatform } from "@/lib/platform";
import type { PlatformClient } from "@/lib/platform/client";
import { isPlatformError } from "@/lib/platform/errors";
import type { PaymentMethod } from "@/lib/platform/types";

export interface PaymentChoice extends PaymentMethod {
  /** The platform's id: the start form's value for this method. */
  id: string;
  /** Past its month of expiry: the platform refuses a start with it. */
  expired: boolean;
}

/** How a signed-in driver would pay at a charge point: the balance (with its amount) and the saved methods. */
export type PaymentChoicesView =
  | { status: "ok"; balance: { amount: number; currency: string | null } | null; methods: PaymentChoice[] }
  /** The failure, which the page puts into words without losing the rest of the page. */
  | { status: "error" };

export function isExpired(expires: PaymentMethod["expires"], now: Date): boolean {
  if (!expires) return false;
  const year = now.getUTCFullYear();
  return expires.year < year || (expires.year === year && expires.month < now.getUTCMonth() + 1);
}

/** Null where the platform has no charging API (the contract): the page then shows no payment section. */
export async function loadPaymentChoices(
  platformUserId: number,
  now: Date = new Date(),
  platform: Pick<PlatformClient, "charging" | "users"> = getPlatform(),
): Promise<PaymentChoicesView | null> {
  const charging = platform.charging;
  if (!charging) return null;
  try {
    const [methods, user] = await Promise.all([
      charging.listPaymentMethods(platformUserId),
      platform.users.getUser(platformUserId),
    ]);
    const offersBalance = methods.some((method) => method.kind === "balance");
    return {
      status: "ok",
      balance: offersBalance && user.balance !== null ? { amount: user.balance, currency: user.currency } : null,
      methods: methods
        .filter((method): method is PaymentMethod & { id: string } => method.kind !== "balance" && method.id !== null)
        .map((method) => ({ ...method, expired: isExpired(method.expires, now) })),
    };
  } catch (error) {
    if (!isPlatformError(error)) logger("charging").error("reading payment methods failed", error);
    else logger("charging").warn("reading payment methods failed", error);
    return { status: "error" };
  }
}
