import { getTranslations } from "next-intl/server";
import { PageSkeleton } from "@/components/ui/page-skeleton";

const FOOTPRINT = ["h-8 w-56", { layout: "space-y-3", blocks: ["h-20", "h-10", "h-10", "h-10", "h-10"] }];

export default async function PaymentsLoading() {
  const t = await getTranslations("ui.loading");
  return <PageSkeleton label={t("payments")} blocks={FOOTPRINT} />;
}
