import { getTranslations } from "next-intl/server";
import { PasswordResetFormClient, type PasswordResetAction } from "./password-reset-form-client";
import { strongBreakable as strong } from "@/components/ui/rich-text";

export type { PasswordResetAction } from "./password-reset-form-client";

/**
 * Starts the platform's password reset (it mails the link). On ampeco, which mails none, staff instead require a new
 * password at the driver's next app sign-in.
 */
export async function PasswordResetForm(
  props: { action: PasswordResetAction } & (
    { audience: "driver" } | { audience: "staff"; email: string; dialect: "contract" | "ampeco" }
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
