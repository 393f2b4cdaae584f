import { getTranslations } from "next-intl/server";
import { PageSkeleton } from "@/components/ui/page-skeleton";

const FOOTPRINT = ["h-8 w-56", "h-96 w-full"];

export default async function CreateDriverLoading() {
  const t = await getTranslations("ui.loading");
  return <PageSkeleton label={t("createDriver")} blocks={FOOTPRINT} className="mx-auto max-w-2xl space-y-4" />;
}
