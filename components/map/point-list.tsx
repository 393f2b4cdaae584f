"use client";
import { useLocale, useTranslations } from "next-intl";
import {
  formatConnector,
  formatDistance,
  formatPower,
  formatUsageCost,
  type MapPoint,
  type OwnLocation,
} from "@/lib/features/map/shared";
import { DirectionsLink, StatusText, usePointTitle } from "./point-details";

/**
 * The same points as the map, as a list: the keyboard and screen-reader way to the data (pins
 * alone are not accessible). Nearest first; each entry is a button that shows it on the map, and a directions link.
 */

export function PointList({
  points,
  selectedId,
  onShow,
  headed = false,
}: {
  points: MapPoint[];
  selectedId: number | null;
  onShow: (id: number) => void;
  /** Under a heading of its own, where our network's list stands above it. */
  headed?: boolean;
}) {
  const t = useTranslations("map");
  const locale = useLocale();
  const titleOf = usePointTitle();
  const list = (
    <ol aria-label={t("list.label")} className="divide-y divide-slate-200 dark:divide-slate-700">
      {points.map((point) => (
        <li key={point.id} data-point-id={point.id} data-distance-km={point.distanceKm}>
          <button
            type="button"
            onClick={() => onShow(point.id)}
            aria-current={selectedId === point.id || undefined}
            className="block w-full px-3 py-2.5 text-left hover:bg-slate-100 aria-[current=true]:bg-brand-50 dark:hover:bg-slate-800 dark:aria-[current=true]:bg-slate-800"
          >
            <NameAndDistance
              name={titleOf(point)}
              distanceKm={point.distanceKm}
              nameClassName="font-semibold leading-snug"
            />
            <span className="mt-0.5 block text-sm">
              <span className="font-medium">{formatPower(point.maxPowerKw, t("point.powerUnknown"), locale)}</span>
              {point.connectors.length > 0 && (
                <> · {point.connectors.map((c) => formatConnector(c, locale)).join(", ")}</>
              )}
            </span>
            <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-300">
              {[point.address, point.town].filter(Boolean).join(", ") || t("list.addressNotStated")}
              {point.operator && <> · {point.operator}</>}
              {" · "}
              <StatusText code={point.statusCode} isOperational={point.isOperational} surface="page" />
              {point.usageCost && <> · {formatUsageCost(point.usageCost, locale)}</>}
            </span>
            <span className="sr-only">{t("list.showOnMap")}</span>
          </button>
          <DirectionsLink
            point={point}
            title={titleOf(point)}
            className="mx-3 mb-2 inline-block text-sm font-semibold text-brand-700 underline dark:text-brand-100"
          />
        </li>
      ))}
    </ol>
  );
  if (!headed || points.length === 0) return list;
  return (
    <section aria-labelledby="public-points-heading">
      <h3 id="public-points-heading" className="px-3 pt-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
        {t("list.publicHeading")}
      </h3>
      {list}
    </section>
  );
}

export function OwnLocationList({ locations, onShow }: { locations: OwnLocation[]; onShow: (id: number) => void }) {
  const t = useTranslations("map");
  if (locations.length === 0) return null;
  return (
    <section aria-labelledby="own-locations-heading" className="border-b border-slate-200 pb-2 dark:border-slate-700">
      <h3 id="own-locations-heading" className="px-3 pt-2 text-sm font-semibold text-blue-800 dark:text-blue-300">
        {t("list.ownNetwork")}
      </h3>
      <ol aria-label={t("list.ownLabel")}>
        {locations.map((location) => (
          <li key={location.id}>
            <button
              type="button"
              onClick={() => onShow(location.id)}
              className="block w-full px-3 py-2 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <NameAndDistance name={location.name} distanceKm={location.distanceKm} nameClassName="font-semibold" />
              <span className="block text-xs text-slate-600 dark:text-slate-300">
                {[location.address, location.city].filter(Boolean).join(", ") || t("list.addressNotStated")}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** An entry's first line: its name, and on the right how far away it is. */
function NameAndDistance({
  name,
  distanceKm,
  nameClassName,
}: {
  name: string;
  distanceKm: number;
  nameClassName: string;
}) {
  const locale = useLocale();
  return (
    <span className="flex items-baseline justify-between gap-2">
      <span className={nameClassName}>{name}</span>
      <span className="shrink-0 text-sm tabular-nums text-slate-600 dark:text-slate-300">
        {formatDistance(distanceKm, locale)}
      </span>
    </span>
  );
}
