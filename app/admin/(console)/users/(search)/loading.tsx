import { getTranslations } from "next-intl/server";
import { PageSkeleton } from "@/components/ui/page-skeleton";

const FOOTPRINT = ["h-8 w-48", "h-20 w-full", "h-40 w-full"];

export default async function FindDriverLoading() {
  const t = await getTranslations("ui.loading");
  return <PageSkeleton label={t("findDriver")} blocks={FOOTPRINT} />;
}
