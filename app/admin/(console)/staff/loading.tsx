import { getTranslations } from "next-intl/server";
import { Skeleton } from "@/components/ui/card";

export default async function StaffRolesLoading() {
  const t = await getTranslations("ui.loading");
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <span className="sr-only">{t("staffRoles")}</span>
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}
