import { getTranslations } from "next-intl/server";
import { PasswordResetFormClient, type PasswordResetAction } from "./password-reset-form-client";
import { strongBreakable as strong } from "@/components/ui/rich-text";

export type { PasswordResetAction } from "./password-reset-form-client";

/**
 * Starts the platform's password reset for the charging app (the platform mails the link): the
 * driver's own, or in the admin area a chosen driver's (`email` is then whom the mail goes to). Where
 * the platform mails no link (`dialect` "ampeco", staff only: drivers set a new password with
 * AppPasswordForm there), staff require a new password at the driver's next sign-in to the app.
 * The words are the page's language (the server's; the browser gets the words only).
 */
export async function PasswordResetForm(
  props: { action: PasswordResetAction } & (
    { audience: "driver" } | { audience: "staff"; email: string; dialect: "spec" | "ampeco" }
  ),
) {
  const t = await getTranslations("appPassword.reset");
  const words =
    props.audience === "driver"
      ? { intro: t("driverIntro"), submit: t("reset"), pending: t("sending") }
      : props.dialect === "ampeco"
        ? {
            intro: t.rich("staffAtNextSignIn", { email: props.email, strong }),
            submit: t("requireNew"),
            pending: t("requiring"),
          }
        : {
            intro: t.rich("staffMailed", { email: props.email, strong }),
            submit: t("startReset"),
            pending: t("startingReset"),
          };
  return <PasswordResetFormClient action={props.action} words={words} />;
}
