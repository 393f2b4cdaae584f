import "server-only";
import { formatDateTime } from "@/lib/format";
import { logger } from "@/lib/log";
import { sendMail } from "@/lib/mail/send";
import { passkeyChangedMail } from "@/lib/mail/templates";

/** The recovery notice; a mail that fails is logged, the change stands. */
export async function notifyPasskeyChange(
  to: string,
  change: "added" | "removed" | "reset",
  name: string,
  origin: string,
): Promise<void> {
  try {
    await sendMail(passkeyChangedMail(to, change, name, formatDateTime(new Date()), `${origin}/account`));
  } catch (error) {
    logger("passkeys").error("the passkey notice could not be sent", error);
  }
}
