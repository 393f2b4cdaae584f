import "server-only";
import { logger } from "@/lib/core/log";
import { mailLocaleOfAddress } from "@/lib/core/auth/mail-locale";
import { sendMail } from "@/lib/core/mail/send";
import { passkeyChangedMail } from "./mail";

/**
 * The recovery notice, in the account holder's language (an admin's reset reaches the staff member
 * in theirs); a mail that fails is logged, the change stands.
 */
export async function notifyPasskeyChange(
  to: string,
  change: "added" | "removed" | "reset",
  name: string,
  origin: string,
): Promise<void> {
  try {
    const locale = await mailLocaleOfAddress(to);
    await sendMail(passkeyChangedMail(locale, to, change, name, new Date(), `${origin}/account/security`));
  } catch (error) {
    logger("passkeys").error("the passkey notice could not be sent", error);
  }
}
