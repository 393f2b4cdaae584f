import { getTranslations } from "next-intl/server";
import { Skeleton } from "@/components/ui/card";

export default async function CreateDriverLoading() {
  const t = await getTranslations("ui.loading");
  return (
    <div role="status" aria-live="polite" className="mx-auto max-w-2xl space-y-4">
      <span className="sr-only">{t("createDriver")}</span>
      <Skeleton className="h-8 w-56" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}
