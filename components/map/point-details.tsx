"use client";
import { formatConnector, formatDistance, formatPower } from "@/lib/map/format";
import type { MapPoint, OwnLocation } from "@/lib/map/points";
import { useOwnLocation } from "./use-points";

/** Popup content for a map data point: everything the list shows, plus address, cost and source. */
export function PointDetails({ point }: { point: MapPoint }) {
  const place = [point.address, point.town].filter(Boolean).join(", ");
  return (
    <div className="min-w-48 max-w-72 space-y-1 text-sm text-slate-900">
      <p className="text-base font-semibold leading-snug">{point.title}</p>
      {place && <p>{place}</p>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
        <dt className="text-slate-600">Operator</dt>
        <dd>{point.operator ?? "Not stated"}</dd>
        <dt className="text-slate-600">Max power</dt>
        <dd>{formatPower(point.maxPowerKw)}</dd>
        <dt className="text-slate-600">Connectors</dt>
        <dd>
          {point.connectors.length > 0 ? point.connectors.map((c) => formatConnector(c)).join(", ") : "Not stated"}
        </dd>
        <dt className="text-slate-600">Cost</dt>
        <dd>{point.usageCost ?? "Not stated"}</dd>
        <dt className="text-slate-600">Status</dt>
        <dd>
          <StatusText status={point.status} isOperational={point.isOperational} />
        </dd>
        <dt className="text-slate-600">Distance</dt>
        <dd>{formatDistance(point.distanceKm)}</dd>
      </dl>
      {point.dataProvider && (
        <p className="pt-1 text-xs text-slate-600">
          Data: © {point.dataProvider.title}
          {point.dataProvider.licence ? `. ${point.dataProvider.licence}` : ""}
        </p>
      )}
    </div>
  );
}

/**
 * A point's status, coloured by whether it works. The popup is always light (Leaflet's white bubble);
 * the list follows the colour scheme, so it asks for the dark tones too.
 */
export function StatusText({
  status,
  isOperational,
  surface = "popup",
}: {
  status: string | null;
  isOperational: boolean | null;
  surface?: "popup" | "page";
}) {
  if (!status) return <span>Unknown</span>;
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
  const { data, error, isLoading } = useOwnLocation(location.id);
  const evses = data?.location.evses ?? [];
  const place = [location.address, location.city].filter(Boolean).join(", ");
  return (
    <div className="min-w-48 max-w-72 space-y-1 text-sm text-slate-900">
      <p className="text-base font-semibold leading-snug">{location.name}</p>
      <p className="text-xs font-medium uppercase tracking-wide text-blue-800">Our network</p>
      {place && <p>{place}</p>}
      {isLoading && <p role="status">Loading charge points…</p>}
      {error && <p role="alert">Details are not available right now. Please try again later.</p>}
      {!isLoading && !error && evses.length === 0 && <p>No charge points listed here yet.</p>}
      {evses.length > 0 && (
        <ul className="list-disc pl-4">
          {evses.map((evse) => (
            <li key={evse.id}>
              Charge point {evse.id} ({evse.status}):{" "}
              {evse.connectors.length > 0
                ? evse.connectors
                    .map((c) => `${c.type} ${c.powerKw === null ? "" : formatPower(c.powerKw)}`.trim())
                    .join(", ")
                : "connectors not stated"}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
