import { getTranslations } from "next-intl/server";
import { Skeleton } from "@/components/ui/card";

export default async function AuditLoading() {
  const t = await getTranslations("ui.loading");
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <span className="sr-only">{t("auditLog")}</span>
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-36 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
