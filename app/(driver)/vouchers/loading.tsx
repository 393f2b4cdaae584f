import { getTranslations } from "next-intl/server";
import { PageSkeleton } from "@/components/ui/page-skeleton";

const FOOTPRINT = ["h-8 w-40", { layout: "grid gap-6 md:grid-cols-2", blocks: ["h-36", "h-48"] }];

export default async function VouchersLoading() {
  const t = await getTranslations("ui.loading");
  return <PageSkeleton label={t("vouchers")} blocks={FOOTPRINT} />;
}
