import { getTranslations } from "next-intl/server";
import { Skeleton } from "@/components/ui/card";

export default async function MoveCardLoading() {
  const t = await getTranslations("ui.loading");
  return (
    <div role="status" aria-live="polite" className="mx-auto max-w-3xl space-y-4">
      <span className="sr-only">{t("card")}</span>
      <Skeleton className="h-8 w-72" />
      <Skeleton className="h-6 w-96 max-w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}
