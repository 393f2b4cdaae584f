import { getTranslations } from "next-intl/server";
import { PLATFORM_PASSWORD_MIN } from "@/lib/features/accounts/shared";
import { AppPasswordFormClient, type AppPasswordAction } from "./app-password-form-client";

export type { AppPasswordAction } from "./app-password-form-client";

/**
 * A new charging-app password, typed twice (AppPasswordFormClient), with its words in the page's
 * language: the signed-in driver's own, or with `token` the one a mailed link stands for.
 */
export async function AppPasswordForm({ action, token }: { action: AppPasswordAction; token?: string }) {
  const t = await getTranslations("appPassword.form");
  return (
    <AppPasswordFormClient
      action={action}
      token={token}
      words={{
        newPassword: t("newPassword"),
        hint: t("hint", { min: PLATFORM_PASSWORD_MIN }),
        repeat: t("repeat"),
        set: t("set"),
        setting: t("setting"),
      }}
    />
  );
}
