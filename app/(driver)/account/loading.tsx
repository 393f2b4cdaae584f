import { getTranslations } from "next-intl/server";
import { PageSkeleton } from "@/components/ui/page-skeleton";

const FOOTPRINT = ["h-8 w-48", { layout: "grid gap-4 md:grid-cols-2", blocks: ["h-36", "h-36"] }, "h-72", "h-28"];

export default async function AccountLoading() {
  const t = await getTranslations("ui.loading");
  return <PageSkeleton label={t("account")} blocks={FOOTPRINT} />;
}
