"use client";
import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/alert";
import { strongBreakable as strong } from "@/components/ui/rich-text";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";

export type PasswordResetAction = (previous: ActionResult) => Promise<ActionResult>;

/**
 * Starts the platform's password reset (it mails the link). On ampeco, which mails none, staff instead require a new
 * password at the driver's next app sign-in.
 */
export function PasswordResetForm(
  props: { action: PasswordResetAction } & (
    { audience: "driver" } | { audience: "staff"; email: string; dialect: "contract" | "ampeco" }
  ),
) {
  const t = useTranslations("appPassword.reset");
  const [state, formAction] = useActionState<ActionResult>(props.action, idle);
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
  return (
    <form action={formAction} className="flex flex-col gap-3">
      <p className="text-sm">{words.intro}</p>
      <SubmitButton pendingLabel={words.pending} variant="secondary" className="self-start">
        {words.submit}
      </SubmitButton>
      <FormStatus
        tone={state.status === "ok" ? "success" : "error"}
        message={state.status === "ok" || state.status === "error" ? state.message : null}
      />
    </form>
  );
}
