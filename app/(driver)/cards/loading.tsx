import { getTranslations } from "next-intl/server";
import { PageSkeleton } from "@/components/ui/page-skeleton";

const FOOTPRINT = [
  "h-8 w-56",
  {
    layout: "grid items-start gap-6 lg:grid-cols-[2fr_1fr]",
    blocks: [{ layout: "space-y-3", blocks: ["h-12", "h-12", "h-12"] }, "h-64"],
  },
];

export default async function CardsLoading() {
  const t = await getTranslations("ui.loading");
  return <PageSkeleton label={t("cards")} blocks={FOOTPRINT} />;
}
