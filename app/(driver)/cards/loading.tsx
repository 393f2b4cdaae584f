import { getTranslations } from "next-intl/server";
import { Skeleton } from "@/components/ui/card";

export default async function CardsLoading() {
  const t = await getTranslations("ui.loading");
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <span className="sr-only">{t("cards")}</span>
      <Skeleton className="h-8 w-56" />
      <div className="grid items-start gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-3">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}
