"use client";
import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { ConfirmSubmit } from "@/components/ui/confirm-submit";
import { EmailField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/alert";
import { strongBreakable as strong } from "@/components/ui/rich-text";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";

export type EmailAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

/**
 * A new e-mail address: the driver's own (`driver`: it changes once the link mailed there is
 * followed) or, in the admin area, a chosen driver's (`staff`: at once, and the driver is signed out).
 */
export function EmailForm({
  action,
  currentEmail,
  audience,
}: {
  action: EmailAction;
  currentEmail: string;
  audience: "driver" | "staff";
}) {
  const t = useTranslations("profile.email");
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const staff = audience === "staff";
  const errors = state.status === "invalid" ? state.fieldErrors : {};
  const v = state.status === "ok" ? {} : (state.values ?? {});
  const statusMessage =
    state.status === "ok" || state.status === "error"
      ? state.message
      : state.status === "invalid" && staff
        ? t("staffInvalid")
        : null;
  return (
    <form action={formAction} className="flex flex-col gap-4" noValidate>
      <p className="text-sm">
        {staff
          ? t.rich("staffCurrent", { email: currentEmail, strong })
          : t.rich("driverCurrent", { email: currentEmail, strong })}
      </p>
      <EmailField
        key={staff ? `email-${state.status}-${v.email ?? ""}` : undefined}
        forSomeoneElse={staff}
        label={t("newAddress")}
        name="email"
        defaultValue={v.email}
        errors={errors.email}
        hint={staff ? t("staffHint") : t("driverHint")}
      />
      <div className="flex flex-col gap-3">
        {staff ? (
          <ConfirmSubmit
            triggerLabel={t("change")}
            question={t("staffQuestion")}
            confirmLabel={t("staffConfirm")}
            pendingLabel={t("changing")}
            tone="primary"
          />
        ) : (
          <SubmitButton pendingLabel={t("sendingLink")} variant="secondary" className="self-start">
            {t("change")}
          </SubmitButton>
        )}
        <FormStatus tone={state.status === "ok" ? "success" : "error"} message={statusMessage} />
      </div>
    </form>
  );
}
