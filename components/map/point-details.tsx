"use client";
import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import {
  directionsUri,
  formatConnector,
  formatDistance,
  formatKw,
  formatPower,
  formatUsageCost,
  type MapPoint,
  type OwnLocation,
  type PointStatusCode,
} from "@/lib/features/map/shared";
import { useOwnLocation } from "./use-points";
import { formatMoney } from "@/lib/core/format";
import { evseStatusCode, type PriceView } from "@/lib/features/charging/shared";

/** A point's name in the page's language: the emulator's demo points say so in its words. */
export function usePointTitle(): (point: { title: string; demo: boolean }) => string {
  const t = useTranslations("map");
  return useCallback(
    (point: { title: string; demo: boolean }) =>
      point.demo ? t("point.demoTitle", { title: point.title }) : point.title,
    [t],
  );
}

/** A `geo:` link that opens the phone's map app at the point, with its name; the name says where to. */
export function DirectionsLink({ point, title, className }: { point: MapPoint; title: string; className: string }) {
  const t = useTranslations("map");
  return (
    <a href={directionsUri(point, title)} aria-label={t("point.directionsTo", { name: title })} className={className}>
      {t("point.directions")}
    </a>
  );
}

/** Popup content for a map data point: everything the list shows, plus address, cost, source and directions. */
export function PointDetails({ point }: { point: MapPoint }) {
  const t = useTranslations("map");
  const locale = useLocale();
  const titleOf = usePointTitle();
  const title = titleOf(point);
  const place = [point.address, point.town].filter(Boolean).join(", ");
  const notStated = t("point.notStated");
  return (
    <div className="min-w-48 max-w-72 space-y-1 text-sm text-slate-900">
      <p className="text-base font-semibold leading-snug">{title}</p>
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
        <dd>{point.usageCost ? formatUsageCost(point.usageCost, locale) : notStated}</dd>
        <dt className="text-slate-600">{t("point.status")}</dt>
        <dd>
          <StatusText code={point.statusCode} isOperational={point.isOperational} />
        </dd>
        <dt className="text-slate-600">{t("point.distance")}</dt>
        <dd>{formatDistance(point.distanceKm, locale)}</dd>
      </dl>
      <p className="pt-1">
        <DirectionsLink point={point} title={title} className="font-semibold text-brand-700 underline" />
      </p>
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

/**
 * A status in the page's language (Open Charge Map's titles are English). The popup is always light (Leaflet's
 * bubble); the list follows the colour scheme, so it asks for dark tones too.
 */
export function StatusText({
  code,
  isOperational,
  surface = "popup",
}: {
  code: PointStatusCode;
  isOperational: boolean | null;
  surface?: "popup" | "page";
}) {
  const t = useTranslations("map");
  const tone =
    STATUS_TONES[surface][
      code === "unknown" || isOperational === null ? "unknown" : isOperational ? "working" : "down"
    ];
  return (
    <span className={tone} data-status={code}>
      {t(`statuses.${code}`)}
    </span>
  );
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
                name: evse.reference ?? String(evse.id),
                status: t(`point.evseStatus.${evseStatusCode(evse.status)}`),
                connectors:
                  evse.connectors.length > 0
                    ? evse.connectors
                        .map((c) => (c.powerKw === null ? c.type : `${c.type} ${formatKw(c.powerKw, locale)}`))
                        .join(", ")
                    : t("point.connectorsNotStated"),
              })}{" "}
              {evse.price && <EvsePrice price={evse.price} />}{" "}
              {evse.reference && (
                <a
                  href={`/charge/${encodeURIComponent(evse.reference)}`}
                  className="font-semibold text-blue-800 underline"
                >
                  {t("point.chargeHere")}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** An EVSE's price in the popup, in one line: per kWh (and the start fee), or why there is none to show. */
function EvsePrice({ price }: { price: PriceView }) {
  const t = useTranslations("map.point.price");
  const locale = useLocale();
  const words = (() => {
    if (price.kind === "free") return t("free");
    if (price.kind === "notAllowed") return t("notAllowed");
    if (price.kind === "notItemised") return t("notItemised");
    if (price.kind === "unavailable") return t("unavailable");
    const { perKwh, connectionFee } = price.prices;
    if (perKwh === null) return t("other");
    const money = (amount: number) => formatMoney(amount, price.currency, locale);
    return connectionFee
      ? t("perKwhAndStart", { price: money(perKwh), start: money(connectionFee) })
      : t("perKwh", { price: money(perKwh) });
  })();
  return <span className="block font-medium">{words}</span>;
}
