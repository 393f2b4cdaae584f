import { getTranslations } from "next-intl/server";
import { Skeleton } from "@/components/ui/card";

/** Same footprint as the sessions page, so nothing jumps when it arrives. */
export async function SessionsSkeleton() {
  const t = await getTranslations("sessions.loading");
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <span className="sr-only">{t("sessions")}</span>
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-24" />
      <div className="space-y-2">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-10" />
        ))}
      </div>
      <Skeleton className="h-56" />
    </div>
  );
}

export async function ChartSkeleton() {
  const t = await getTranslations("sessions.loading");
  return (
    <div role="status" aria-live="polite" className="grid gap-6 md:grid-cols-2">
      <span className="sr-only">{t("monthly")}</span>
      <Skeleton className="h-44" />
      <Skeleton className="h-44" />
    </div>
  );
}

export async function SessionDetailSkeleton() {
  const t = await getTranslations("sessionDetails");
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <span className="sr-only">{t("loading")}</span>
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-8 w-80 max-w-full" />
      <Skeleton className="h-72" />
      <Skeleton className="h-32" />
    </div>
  );
}
