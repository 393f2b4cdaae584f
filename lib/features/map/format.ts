import { APP_LOCALE, numberFormat } from "@/lib/core/format";
import type { MapConnector } from "./points";

/** Map numbers as drivers read them (DESIGN.md convention 10: every number through Intl). Pure. */

export function formatDistance(km: number, locale = APP_LOCALE): string {
  if (!Number.isFinite(km)) return "—";
  if (km < 1) return `${numberFormat(locale, { maximumFractionDigits: 0 }).format(Math.round(km * 100) * 10)} m`;
  return `${numberFormat(locale, { maximumFractionDigits: km < 10 ? 1 : 0 }).format(km)} km`;
}

/** "7.4 kW" ("7,4 kW" in Dutch and German). */
export function formatKw(kw: number, locale = APP_LOCALE): string {
  return `${numberFormat(locale, { maximumFractionDigits: 1 }).format(kw)} kW`;
}

/** A point's power, or `unknown` (the caller's words for "power unknown") when the data does not say. */
export function formatPower(kw: number | null, unknown: string, locale = APP_LOCALE): string {
  if (kw === null || !Number.isFinite(kw)) return unknown;
  return formatKw(kw, locale);
}

/** "CCS2 150 kW × 4" */
export function formatConnector(connector: MapConnector, locale = APP_LOCALE): string {
  const power =
    connector.powerKw === null || !Number.isFinite(connector.powerKw) ? "" : ` ${formatKw(connector.powerKw, locale)}`;
  const count = connector.quantity > 1 ? ` × ${connector.quantity}` : "";
  return `${connector.label}${power}${count}`;
}
