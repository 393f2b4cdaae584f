import { getTranslations } from "next-intl/server";
import { PageSkeleton } from "@/components/ui/page-skeleton";

const FOOTPRINT = ["h-8 w-40", "h-32 w-full", "h-48 w-full"];

export default async function StaffRolesLoading() {
  const t = await getTranslations("ui.loading");
  return <PageSkeleton label={t("staffRoles")} blocks={FOOTPRINT} />;
}
