import { getTranslations } from "next-intl/server";
import { PageSkeleton } from "@/components/ui/page-skeleton";

const FOOTPRINT = ["h-8 w-40", "h-36 w-full", "h-64 w-full"];

export default async function AuditLoading() {
  const t = await getTranslations("ui.loading");
  return <PageSkeleton label={t("auditLog")} blocks={FOOTPRINT} />;
}
