import { getTranslations } from "next-intl/server";
import { PageSkeleton } from "@/components/ui/page-skeleton";

const FOOTPRINT = ["h-8 w-48", "h-48", "h-36"];

export default async function AccountSettingsLoading() {
  const t = await getTranslations("ui.loading");
  return <PageSkeleton label={t("account")} blocks={FOOTPRINT} />;
}
