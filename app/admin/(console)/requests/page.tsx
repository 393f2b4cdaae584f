import { getTranslations } from "next-intl/server";
import { DeletionRequestList } from "@/components/admin/deletion-requests";
import { openDeletionRequestRows } from "@/lib/features/accounts/deletion";
import { carryOutDeletionAction } from "@/lib/features/admin/actions/carry-out-deletion";
import { declineDeletionAction } from "@/lib/features/admin/actions/decline-deletion";
import { requireStaffPage } from "@/lib/core/auth/guards";
import { titleFrom } from "@/components/layout/page-title";

export const generateMetadata = titleFrom("admin.requests.title");

/** Drivers' open account deletion requests: carried out once the grace period is over, or declined. */
export default async function DeletionRequestsPage() {
  await requireStaffPage();
  const t = await getTranslations("admin");
  const requests = await openDeletionRequestRows();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t("requests.heading", { count: String(requests.length) })}</h1>
      <p className="text-slate-700 dark:text-slate-300">{t("requests.intro")}</p>
      <DeletionRequestList
        requests={requests}
        carryOutAction={carryOutDeletionAction}
        declineAction={declineDeletionAction}
      />
    </div>
  );
}
