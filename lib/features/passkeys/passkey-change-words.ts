import type { ActionResult } from "@/lib/core/actions/action-result";
import type { MessageKey, Translator } from "@/lib/core/i18n/translator";

/** What rename and remove answer for a passkey that is not (or no longer) on the account. */
export const gone = (t: Translator): ActionResult => ({
  status: "error",
  code: "not-found",
  message: t("passkeys.errors.notFound"),
});

/** What rename and remove answer when the session may not change passkeys: `refusal` is passkeyChangeRefusal's key. */
export const changeRefused = (t: Translator, refusal: MessageKey): ActionResult => ({
  status: "error",
  code: "forbidden",
  message: t(refusal),
});
