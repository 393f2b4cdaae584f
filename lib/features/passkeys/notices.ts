import "server-only";
import { logger } from "@/lib/core/log";
import { mailLocaleOfAddress } from "@/lib/core/auth/mail-locale";
import { sendMail } from "@/lib/core/mail/send";
import { isStaff, type Role } from "@/lib/core/auth/roles";
import { passkeyChangedMail } from "./mail";

/**
 * The recovery notice, in the account holder's language (an admin's reset reaches the staff member
 * in theirs); a mail that fails is logged, the change stands.
 */
export async function notifyPasskeyChange(
  account: { email: string; role: Role } | { email: string; staff: true },
  change: "added" | "removed" | "reset",
  name: string,
  origin: string,
): Promise<void> {
  // The page that lists the account's passkeys: staff have theirs apart from the driver area.
  const staff = "staff" in account || isStaff(account.role);
  const passkeysPage = staff ? "/admin/security" : "/account/security";
  try {
    const locale = await mailLocaleOfAddress(account.email);
    await sendMail(passkeyChangedMail(locale, account.email, change, name, new Date(), `${origin}${passkeysPage}`));
  } catch (error) {
    logger("passkeys").error("the passkey notice could not be sent", error);
  }
}
