import { getTranslations } from "next-intl/server";
import { MailNoticesForm } from "@/components/accounts/mail-notices-form";
import { titleFrom } from "@/components/layout/page-title";
import { Card } from "@/components/ui/card";
import { requireDriverPage } from "@/lib/core/auth/guards";
import { setMailNoticesAction } from "@/lib/features/accounts/actions/set-mail-notices";
import { mailNoticesOf } from "@/lib/features/accounts/mail-notices";

export const generateMetadata = titleFrom("accountSettings.links.notifications");

/** Every mail the driver may switch off, in one form with one save. */
export default async function NotificationsPage() {
  const viewer = await requireDriverPage();
  const [enabled, t] = await Promise.all([mailNoticesOf(viewer.userId), getTranslations("accountSettings")]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t("links.notifications")}</h1>
      <Card>
        <div className="space-y-4">
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("notifications.intro")}</p>
          <MailNoticesForm enabled={enabled} action={setMailNoticesAction} />
        </div>
      </Card>
    </div>
  );
}
