import { getTranslations } from "next-intl/server";
import { PageSkeleton } from "@/components/ui/page-skeleton";

/** Same footprint as the sessions page, so nothing jumps when it arrives. */
const SESSIONS_FOOTPRINT = ["h-8 w-64", "h-24", { layout: "space-y-2", blocks: Array<string>(8).fill("h-10") }, "h-56"];
const CHART_FOOTPRINT = ["h-44", "h-44"];
const SESSION_DETAIL_FOOTPRINT = ["h-5 w-40", "h-8 w-80 max-w-full", "h-72", "h-32"];

export async function SessionsSkeleton() {
  const t = await getTranslations("sessions.loading");
  return <PageSkeleton label={t("sessions")} blocks={SESSIONS_FOOTPRINT} />;
}

export async function ChartSkeleton() {
  const t = await getTranslations("sessions.loading");
  return <PageSkeleton label={t("monthly")} blocks={CHART_FOOTPRINT} className="grid gap-6 md:grid-cols-2" />;
}

export async function SessionDetailSkeleton() {
  const t = await getTranslations("sessionDetails");
  return <PageSkeleton label={t("loading")} blocks={SESSION_DETAIL_FOOTPRINT} />;
}
