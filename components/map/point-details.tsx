"use client";
import { useLocale, useTranslations } from "next-intl";
import {
  formatConnector,
  formatDistance,
  formatKw,
  formatPower,
  type MapPoint,
  type OwnLocation,
} from "@/lib/features/map/shared";
import { useOwnLocation } from "./use-points";

/** Popup content for a map data point: everything the list shows, plus address, cost and source. */
export function PointDetails({ point }: { point: MapPoint }) {
  const t = useTranslations("map");
  const locale = useLocale();
  const place = [point.address, point.town].filter(Boolean).join(", ");
  const notStated = t("point.notStated");
  return (
    <div className="min-w-48 max-w-72 space-y-1 text-sm text-slate-900">
      <p className="text-base font-semibold leading-snug">{point.title}</p>
      {place && <p>{place}</p>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
        <dt className="text-slate-600">{t("point.operator")}</dt>
        <dd>{point.operator ?? notStated}</dd>
        <dt className="text-slate-600">{t("point.maxPower")}</dt>
        <dd>{formatPower(point.maxPowerKw, t("point.powerUnknown"), locale)}</dd>
        <dt className="text-slate-600">{t("point.connectors")}</dt>
        <dd>
          {point.connectors.length > 0 ? point.connectors.map((c) => formatConnector(c, locale)).join(", ") : notStated}
        </dd>
        <dt className="text-slate-600">{t("point.cost")}</dt>
        <dd>{point.usageCost ?? notStated}</dd>
        <dt className="text-slate-600">{t("point.status")}</dt>
        <dd>
          <StatusText status={point.status} isOperational={point.isOperational} />
        </dd>
        <dt className="text-slate-600">{t("point.distance")}</dt>
        <dd>{formatDistance(point.distanceKm, locale)}</dd>
      </dl>
      {point.dataProvider && (
        <p className="pt-1 text-xs text-slate-600">
          {point.dataProvider.licence
            ? t("point.dataProviderLicence", {
                provider: point.dataProvider.title,
                licence: point.dataProvider.licence,
              })
            : t("point.dataProvider", { provider: point.dataProvider.title })}
        </p>
      )}
    </div>
  );
}

/** The popup is always light (Leaflet's bubble); the list follows the colour scheme, so it asks for dark tones too. */
export function StatusText({
  status,
  isOperational,
  surface = "popup",
}: {
  status: string | null;
  isOperational: boolean | null;
  surface?: "popup" | "page";
}) {
  const t = useTranslations("map");
  if (!status) return <span>{t("point.statusUnknown")}</span>;
  const tone = STATUS_TONES[surface][isOperational === null ? "unknown" : isOperational ? "working" : "down"];
  return <span className={tone}>{status}</span>;
}

const STATUS_TONES = {
  popup: { working: "text-emerald-700", down: "text-red-700", unknown: "text-slate-700" },
  page: {
    working: "text-emerald-700 dark:text-emerald-300",
    down: "text-red-700 dark:text-red-300",
    unknown: "text-slate-700 dark:text-slate-300",
  },
} as const;

/** Popup content for one of our own locations; evses and connectors come from the detail read. */
export function OwnLocationDetails({ location }: { location: OwnLocation }) {
  const t = useTranslations("map");
  const locale = useLocale();
  const { data, error, isLoading } = useOwnLocation(location.id);
  const evses = data?.location.evses ?? [];
  const place = [location.address, location.city].filter(Boolean).join(", ");
  return (
    <div className="min-w-48 max-w-72 space-y-1 text-sm text-slate-900">
      <p className="text-base font-semibold leading-snug">{location.name}</p>
      <p className="text-xs font-medium uppercase tracking-wide text-blue-800">{t("list.ownNetwork")}</p>
      {place && <p>{place}</p>}
      {isLoading && <p role="status">{t("status.loading")}</p>}
      {error && <p role="alert">{t("point.detailsUnavailable")}</p>}
      {!isLoading && !error && evses.length === 0 && <p>{t("point.noEvses")}</p>}
      {evses.length > 0 && (
        <ul className="list-disc pl-4">
          {evses.map((evse) => (
            <li key={evse.id}>
              {t("point.evse", {
                id: evse.id,
                status: evse.status,
                connectors:
                  evse.connectors.length > 0
                    ? evse.connectors
                        .map((c) => (c.powerKw === null ? c.type : `${c.type} ${formatKw(c.powerKw, locale)}`))
                        .join(", ")
                    : t("point.connectorsNotStated"),
              })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
