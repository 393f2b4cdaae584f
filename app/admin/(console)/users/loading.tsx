import { getTranslations } from "next-intl/server";
import { Skeleton } from "@/components/ui/card";

export default async function FindDriverLoading() {
  const t = await getTranslations("ui.loading");
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <span className="sr-only">{t("findDriver")}</span>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}
