import { getTranslations } from "next-intl/server";
import { PLATFORM_PASSWORD_MIN } from "@/lib/features/accounts/shared";
import { NewDriverFormClient, type NewDriverFormProps } from "./new-driver-form-client";
import { profileFieldLabels } from "./profile-words";

export type { CreateDriverAction, SignUpAction } from "./new-driver-form-client";

/** Worded on the server, so the browser gets the form's words and no catalogue. */
export async function NewDriverForm(props: NewDriverFormProps) {
  const [t, labels] = await Promise.all([getTranslations("profile.newDriver"), profileFieldLabels()]);
  const staff = props.audience === "staff";
  const min = PLATFORM_PASSWORD_MIN;
  return (
    <NewDriverFormClient
      {...props}
      words={{
        labels,
        email: t("email"),
        staffPasswordLegend: t("staffPasswordLegend"),
        staffReset:
          props.audience === "staff" && props.dialect === "ampeco" ? t("staffResetLink") : t("staffResetMail"),
        staffSetNow: t("staffSetNow"),
        staffPassword: t("staffPassword"),
        staffPasswordHint: t("staffPasswordHint", { min }),
        sendSignInLink: t("sendSignInLink"),
        submit: staff ? t("createDriver") : t("createAccount"),
        submitting: staff ? t("creatingDriver") : t("creatingAccount"),
        openExisting: t("openExisting"),
        openNew: t("openNew"),
      }}
    />
  );
}
