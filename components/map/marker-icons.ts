import { divIcon, type DivIcon } from "leaflet";
import type { MapPoint } from "@/lib/features/map/shared";

/**
 * The map's marker icons: divIcons, since Leaflet's default image icons break under bundlers.
 * One icon object per look, shared by every marker that looks the same.
 */

const iconCache = new Map<string, DivIcon>();

function cachedIcon(key: string, make: () => DivIcon): DivIcon {
  let icon = iconCache.get(key);
  if (!icon) {
    icon = make();
    iconCache.set(key, icon);
  }
  return icon;
}

function roundIcon(colour: string, label: string, sizePx: number): DivIcon {
  return divIcon({
    className: "",
    html: `<span style="display:flex;align-items:center;justify-content:center;width:${sizePx}px;height:${sizePx}px;border-radius:9999px;background:${colour};color:#fff;font:600 11px/1 system-ui,sans-serif;border:2px solid #fff;box-shadow:0 1px 3px rgba(0,0,0,.4)">${label}</span>`,
    iconSize: [sizePx, sizePx],
    iconAnchor: [sizePx / 2, sizePx / 2],
    popupAnchor: [0, -sizePx / 2 + 1],
  });
}

export function pointIcon(point: MapPoint): DivIcon {
  const fast = (point.maxPowerKw ?? 0) >= 50;
  const colour = point.isOperational === false ? "#64748b" : fast ? "#b45309" : "#0b6139";
  const label = point.maxPowerKw === null ? "?" : String(Math.round(point.maxPowerKw));
  return cachedIcon(`point|${colour}|${label}`, () => roundIcon(colour, label, 30));
}

/** A cluster: the number of points it holds, larger as it holds more. */
export function clusterIcon(count: number): DivIcon {
  const sizePx = count < 10 ? 34 : count < 100 ? 40 : 46;
  return cachedIcon(`cluster|${count}`, () => roundIcon("#1e3a8a", String(count), sizePx));
}

export const OWN_LOCATION_ICON = divIcon({
  className: "",
  html: `<span style="display:flex;align-items:center;justify-content:center;width:30px;height:30px;border-radius:6px;background:#1d4ed8;color:#fff;font:700 14px/1 system-ui,sans-serif;border:2px solid #fff;box-shadow:0 1px 3px rgba(0,0,0,.4)">⚡</span>`,
  iconSize: [30, 30],
  iconAnchor: [15, 15],
  popupAnchor: [0, -14],
});
