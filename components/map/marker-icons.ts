import { divIcon, type DivIcon, type PopupOptions } from "leaflet";
import type { MapPoint } from "@/lib/features/map/shared";
import {
  clusterLook,
  markerHtml,
  ownLocationLook,
  pointColour,
  pointLabel,
  pointLook,
  type MarkerLook,
} from "./marker-look";

/**
 * The map's marker icons: divIcons, since Leaflet's default image icons break under bundlers; their looks are in
 * marker-look.ts, which the legend draws too. One icon object per look, shared by every marker that looks the same.
 */

const iconCache = new Map<string, DivIcon>();

function iconFor(look: MarkerLook): DivIcon {
  const key = markerHtml(look);
  let icon = iconCache.get(key);
  if (!icon) {
    icon = divIcon({
      className: "",
      html: key,
      iconSize: [look.width, look.height],
      iconAnchor: look.anchor,
      popupAnchor: [0, -look.anchor[1] + 1],
    });
    iconCache.set(key, icon);
  }
  return icon;
}

export function pointIcon(point: MapPoint): DivIcon {
  return iconFor(pointLook(pointColour(point), pointLabel(point)));
}

/** A cluster: the number of points it holds, larger as it holds more. */
export function clusterIcon(count: number): DivIcon {
  return iconFor(clusterLook(count));
}

export const OWN_LOCATION_ICON = iconFor(ownLocationLook());

/** Where the browser said the visitor is: a blue dot with a white ring. */
export const HERE_ICON = divIcon({
  className: "",
  html: `<span data-marker="here" style="display:block;width:18px;height:18px;border-radius:50%;background:#2563eb;border:3px solid #fff;box-shadow:0 0 0 2px #2563eb,0 1px 3px rgba(0,0,0,.4)"></span>`,
  iconSize: [18, 18],
  iconAnchor: [9, 9],
});

/**
 * A popup opens clear of the zoom and locate controls at the map's top and fits a phone's map (~330 × 440 px); a long
 * one (a place with many spots) scrolls inside rather than running off the map.
 */
export const POPUP_PLACEMENT = {
  autoPanPaddingTopLeft: [8, 80],
  autoPanPaddingBottomRight: [8, 8],
  maxWidth: 260,
  maxHeight: 280,
} satisfies PopupOptions;
