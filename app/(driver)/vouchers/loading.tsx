import { getTranslations } from "next-intl/server";
import { Skeleton } from "@/components/ui/card";

export default async function VouchersLoading() {
  const t = await getTranslations("ui.loading");
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <span className="sr-only">{t("vouchers")}</span>
      <Skeleton className="h-8 w-40" />
      <div className="grid gap-6 md:grid-cols-2">
        <Skeleton className="h-36" />
        <Skeleton className="h-48" />
      </div>
    </div>
  );
}
