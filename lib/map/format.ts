import { APP_LOCALE, numberFormat } from "@/lib/format";
import type { MapConnector } from "./points";

/** Map numbers as drivers read them (DESIGN.md convention 10: every number through Intl). Pure. */

export function formatDistance(km: number, locale = APP_LOCALE): string {
  if (!Number.isFinite(km)) return "—";
  if (km < 1) return `${numberFormat(locale, { maximumFractionDigits: 0 }).format(Math.round(km * 100) * 10)} m`;
  return `${numberFormat(locale, { maximumFractionDigits: km < 10 ? 1 : 0 }).format(km)} km`;
}

export function formatPower(kw: number | null, locale = APP_LOCALE): string {
  if (kw === null || !Number.isFinite(kw)) return "power unknown";
  return `${numberFormat(locale, { maximumFractionDigits: 1 }).format(kw)} kW`;
}

/** "CCS2 150 kW × 4" */
export function formatConnector(connector: MapConnector, locale = APP_LOCALE): string {
  const power = connector.powerKw === null ? "" : ` ${formatPower(connector.powerKw, locale)}`;
  const count = connector.quantity > 1 ? ` × ${connector.quantity}` : "";
  return `${connector.label}${power}${count}`;
}
