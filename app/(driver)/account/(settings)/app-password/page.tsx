import { getTranslations } from "next-intl/server";
import { AppPasswordForm } from "@/components/accounts/app-password-form";
import { PasswordResetForm } from "@/components/accounts/password-reset-form";
import { titleFrom } from "@/components/layout/page-title";
import { Card } from "@/components/ui/card";
import { requireDriverPage } from "@/lib/core/auth/guards";
import { getConfig } from "@/lib/core/config";
import { setAppPasswordAction } from "@/lib/features/accounts/actions/set-app-password";
import { startPasswordResetAction } from "@/lib/features/accounts/actions/start-password-reset";

export const generateMetadata = titleFrom("accountSettings.links.appPassword");

/** The charging app's password: set here where the platform takes one (ampeco), else reset by a mailed link. */
export default async function AppPasswordPage() {
  await requireDriverPage();
  const [t, tAppPassword] = await Promise.all([
    getTranslations("accountSettings.links"),
    getTranslations("appPassword.accountCard"),
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t("appPassword")}</h1>
      {getConfig().platform.dialect === "ampeco" ? (
        <Card title={tAppPassword("setTitle")}>
          <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{tAppPassword("setIntro")}</p>
          <AppPasswordForm action={setAppPasswordAction} />
        </Card>
      ) : (
        <Card title={tAppPassword("resetTitle")}>
          <PasswordResetForm action={startPasswordResetAction} audience="driver" />
        </Card>
      )}
    </div>
  );
}
