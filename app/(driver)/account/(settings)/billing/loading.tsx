import { getTranslations } from "next-intl/server";
import { PageSkeleton } from "@/components/ui/page-skeleton";

const FOOTPRINT = ["h-4 w-32", "h-8 w-48", "h-[36rem]"];

export default async function BillingDetailsLoading() {
  const t = await getTranslations("billing");
  return <PageSkeleton label={t("loading")} blocks={FOOTPRINT} />;
}
