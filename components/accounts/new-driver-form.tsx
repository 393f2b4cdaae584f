"use client";
import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";
import type { CreateDriverData } from "@/lib/features/admin/actions/create-driver";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";
import { EmailField, NewPasswordField } from "@/components/ui/field";
import { ProfileFields } from "@/components/accounts/profile-fields";
import { APP_PASSWORD_MIN } from "@/lib/features/accounts/shared";
import { SubmitButton } from "@/components/ui/button";
import { FormStatus, InvalidFormSummary } from "@/components/ui/alert";
import { DEFAULT_COUNTRY } from "@/lib/core/countries";
import { TextLink } from "@/components/ui/text-link";
import { CheckboxField } from "@/components/ui/checkbox-field";

export type SignUpAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;
export type CreateDriverAction = (
  previous: ActionResult<CreateDriverData>,
  formData: FormData,
) => Promise<ActionResult<CreateDriverData>>;

/** Who creates the driver, and with which action. */
export type NewDriverFormProps =
  | { audience: "self"; action: SignUpAction }
  // dialect: how the driver gets to choose the password (contract: the platform's reset mail; ampeco: the portal's link).
  | { audience: "staff"; action: CreateDriverAction; dialect: "contract" | "ampeco" };

/**
 * A driver's sign-up (`self`) or staff creating one (`staff`: someone else's data, so no autofill; staff choose how the
 * app password is set).
 */
export function NewDriverForm(props: NewDriverFormProps) {
  const t = useTranslations("profile.newDriver");
  const staff = props.audience === "staff";
  const words = {
    email: t("email"),
    staffPasswordLegend: t("staffPasswordLegend"),
    // The recommended way to set the password: a link to choose one (ampeco), or the platform's reset mail.
    staffReset: props.audience === "staff" && props.dialect === "ampeco" ? t("staffResetLink") : t("staffResetMail"),
    staffSetNow: t("staffSetNow"),
    staffPassword: t("staffPassword"),
    staffPasswordHint: t("staffPasswordHint", { min: APP_PASSWORD_MIN }),
    sendSignInLink: t("sendSignInLink"),
    submit: staff ? t("createDriver") : t("createAccount"),
    submitting: staff ? t("creatingDriver") : t("creatingAccount"),
    openExisting: t("openExisting"),
    openNew: t("openNew"),
  };
  // A sign-up answer carries no data, so it is one of the staff answers.
  const [state, formAction] = useActionState<ActionResult<CreateDriverData>, FormData>(
    props.action as CreateDriverAction,
    idle,
  );
  const [passwordMode, setPasswordMode] = useState<"reset" | "set">("reset");
  // Controlled, so React's post-action form reset never clears it and the server never echoes it.
  const [password, setPassword] = useState("");
  const errors = state.status === "invalid" ? state.fieldErrors : {};
  const v = state.values ?? {};
  const data = state.status === "ok" ? state.data : undefined;
  const staffTone = state.status === "error" ? "error" : data?.kind === "exists" ? "warning" : "success";

  return (
    <form action={formAction} className="grid grid-cols-1 gap-4 sm:grid-cols-2" noValidate>
      <InvalidFormSummary state={state} />
      <EmailField
        forSomeoneElse={staff}
        className="sm:col-span-2"
        label={words.email}
        name="email"
        defaultValue={v.email}
        errors={errors.email}
      />
      <ProfileFields values={{ ...v, country: v.country ?? DEFAULT_COUNTRY }} errors={errors} personal={!staff} />

      {staff && (
        <>
          <fieldset className="flex flex-col gap-2 sm:col-span-2">
            <legend className="mb-1 text-sm font-medium">{words.staffPasswordLegend}</legend>
            {(
              [
                ["reset", words.staffReset],
                ["set", words.staffSetNow],
              ] as const
            ).map(([mode, label]) => (
              <label key={mode} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="passwordMode"
                  value={mode}
                  checked={passwordMode === mode}
                  onChange={() => setPasswordMode(mode)}
                  className="mt-1 h-4 w-4"
                />
                <span>{label}</span>
              </label>
            ))}
            {passwordMode === "set" && (
              <NewPasswordField
                label={words.staffPassword}
                name="password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                hint={words.staffPasswordHint}
                errors={errors.password}
              />
            )}
          </fieldset>

          <CheckboxField
            name="sendSignInLink"
            label={words.sendSignInLink}
            defaultChecked={v.sendSignInLink === "on"}
            className="sm:col-span-2"
          />
        </>
      )}

      <div className="flex flex-col gap-3 sm:col-span-2">
        <SubmitButton pendingLabel={words.submitting}>{words.submit}</SubmitButton>
        {staff ? (
          <FormStatus
            tone={staffTone}
            message={state.status === "ok" || state.status === "error" ? state.message : null}
          />
        ) : (
          <FormStatus tone="error" message={state.status === "error" ? state.message : null} />
        )}
        {data && (
          <TextLink href={`/admin/users/${data.platformUserId}`}>
            {data.kind === "exists" ? words.openExisting : words.openNew}
          </TextLink>
        )}
      </div>
    </form>
  );
}
