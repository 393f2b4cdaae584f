import { getTranslations } from "next-intl/server";
import { Skeleton } from "@/components/ui/card";

export default async function AccountLoading() {
  const t = await getTranslations("ui.loading");
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <span className="sr-only">{t("account")}</span>
      <Skeleton className="h-8 w-48" />
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-36" />
        <Skeleton className="h-36" />
      </div>
      <Skeleton className="h-72" />
      <Skeleton className="h-28" />
    </div>
  );
}
