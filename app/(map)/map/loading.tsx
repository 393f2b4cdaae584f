import { getTranslations } from "next-intl/server";

/** Shown while the map page streams in; same footprint as the map and list, so nothing jumps. */
export default async function MapLoading() {
  const t = await getTranslations("map");
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(18rem,26rem)_1fr]"
    >
      <span className="sr-only">{t("page.loading")}</span>
      <div
        aria-hidden="true"
        className="order-2 h-64 motion-safe:animate-pulse rounded-lg bg-slate-200 lg:order-1 lg:h-[calc(100vh-12rem)] dark:bg-slate-800"
      />
      <div
        aria-hidden="true"
        className="order-1 h-[55vh] min-h-72 motion-safe:animate-pulse rounded-lg bg-slate-200 lg:order-2 lg:h-[calc(100vh-12rem)] dark:bg-slate-800"
      />
    </div>
  );
}
