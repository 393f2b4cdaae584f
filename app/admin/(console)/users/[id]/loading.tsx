import { getTranslations } from "next-intl/server";
import { PageSkeleton } from "@/components/ui/page-skeleton";

const FOOTPRINT = [
  "h-10 w-64",
  { layout: "grid gap-4 lg:grid-cols-2", blocks: ["h-48 w-full", "h-48 w-full"] },
  "h-40 w-full",
  "h-64 w-full",
];

export default async function AdminDriverLoading() {
  const t = await getTranslations("ui.loading");
  return <PageSkeleton label={t("driver")} blocks={FOOTPRINT} />;
}
