import { getLocale, getTranslations } from "next-intl/server";
import { AccountDeletion } from "@/components/accounts/account-deletion";
import { PlatformExport } from "@/components/accounts/platform-export";
import { titleFrom } from "@/components/layout/page-title";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { requireDriverPage } from "@/lib/core/auth/guards";
import { formatDate } from "@/lib/core/format";
import { cancelAccountDeletionAction } from "@/lib/features/accounts/actions/cancel-account-deletion";
import { requestAccountDeletionAction } from "@/lib/features/accounts/actions/request-account-deletion";
import { requestPlatformExportAction } from "@/lib/features/accounts/actions/request-platform-export";
import { DELETION_GRACE_DAYS, openDeletionRequestOf } from "@/lib/features/accounts/deletion";
import { platformExportOffered } from "@/lib/features/accounts/platform-export";

export const generateMetadata = titleFrom("accountSettings.links.privacy");

/** The driver's data: a copy of all of it, and the account's deletion (requested, pending or cancelled). */
export default async function PrivacyPage() {
  const viewer = await requireDriverPage();
  const [deletion, locale, t, tMyData, tDeletion] = await Promise.all([
    openDeletionRequestOf(viewer.userId),
    getLocale(),
    getTranslations("accountSettings.links"),
    getTranslations("myData"),
    getTranslations("accountDeletion"),
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t("privacy")}</h1>
      <Card title={tMyData("title")}>
        <div className="space-y-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">{tMyData("intro")}</p>
          {/* A plain link: the answer's Content-Disposition makes the browser save the ZIP and stay
              here, and an error answer (platform down) is shown instead of a silently failed download. */}
          <a href="/api/account/data-export" className={buttonClasses("secondary")}>
            {tMyData("download")}
          </a>
          {platformExportOffered() ? <PlatformExport action={requestPlatformExportAction} /> : null}
        </div>
      </Card>
      <Card title={tDeletion("title")}>
        <AccountDeletion
          pendingSince={deletion ? formatDate(deletion.requestedAt, locale) : null}
          dueDate={deletion ? formatDate(deletion.dueAt, locale) : null}
          graceDays={DELETION_GRACE_DAYS}
          requestAction={requestAccountDeletionAction}
          cancelAction={cancelAccountDeletionAction}
        />
      </Card>
    </div>
  );
}
