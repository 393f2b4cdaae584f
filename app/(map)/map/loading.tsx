import { getTranslations } from "next-intl/server";

/** Shown while the map page streams in; same footprint as the map and list, so nothing jumps (the map first on a phone). */
export default async function MapLoading() {
  const t = await getTranslations("map");
  return (
    <div role="status" aria-live="polite" className="grid gap-3 lg:grid-cols-[minmax(18rem,26rem)_1fr] lg:gap-x-4">
      <span className="sr-only">{t("page.loading")}</span>
      <div
        aria-hidden="true"
        className="h-[60svh] min-h-72 motion-safe:animate-pulse rounded-lg bg-slate-200 lg:col-start-2 lg:row-start-1 lg:h-[calc(100vh-16rem)] dark:bg-slate-800"
      />
      <div
        aria-hidden="true"
        className="h-64 motion-safe:animate-pulse rounded-lg bg-slate-200 lg:col-start-1 lg:row-start-1 lg:h-[calc(100vh-16rem)] dark:bg-slate-800"
      />
    </div>
  );
}
