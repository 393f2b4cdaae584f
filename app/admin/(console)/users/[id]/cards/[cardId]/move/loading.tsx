import { getTranslations } from "next-intl/server";
import { PageSkeleton } from "@/components/ui/page-skeleton";

const FOOTPRINT = ["h-8 w-72", "h-6 w-96 max-w-full", "h-40 w-full"];

export default async function MoveCardLoading() {
  const t = await getTranslations("ui.loading");
  return <PageSkeleton label={t("card")} blocks={FOOTPRINT} className="mx-auto max-w-3xl space-y-4" />;
}
