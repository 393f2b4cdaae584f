import { getTranslations } from "next-intl/server";
import { requireStaffPage } from "@/lib/core/auth/guards";
import { getConfig } from "@/lib/core/config";
import { NewDriverForm } from "@/components/accounts/new-driver-form";
import { createDriverAction } from "@/lib/features/admin/actions/create-driver";
import { titleFrom } from "@/components/layout/page-title";

export const generateMetadata = titleFrom("admin.createDriver.title");

export default async function CreateDriverPage() {
  await requireStaffPage();
  const t = await getTranslations("admin");
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold">{t("createDriver.title")}</h1>
      <p className="text-slate-700 dark:text-slate-300">{t("createDriver.intro")}</p>
      <NewDriverForm audience="staff" action={createDriverAction} dialect={getConfig().platform.dialect} />
    </div>
  );
}
