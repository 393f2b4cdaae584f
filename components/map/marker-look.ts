import type { CSSProperties } from "react";
import type { MapPoint } from "@/lib/features/map/shared";

/**
 * The markers' looks, apart from Leaflet: the map's divIcons and the legend draw the same styles. Shapes tell the kinds
 * apart without colour (docs/design-notes.md#componentsmapmarker-lookts).
 */

export type MarkerKind = "point" | "cluster" | "own";

export const MARKER_COLOURS = {
  /** Under 50 kW. */
  point: "#0b6139",
  fast: "#b45309",
  down: "#64748b",
  cluster: "#1e3a8a",
  own: "#1d4ed8",
} as const;
export type PointColour = "point" | "fast" | "down";

export interface MarkerLook {
  kind: MarkerKind;
  label: string;
  width: number;
  height: number;
  /** Where on the icon the place is, from its top left corner. */
  anchor: [number, number];
  outer: CSSProperties;
  body: CSSProperties;
  /** The point's tip under its label; none for the other kinds. */
  tip: CSSProperties | null;
}

const FONT = "600 11px/1 system-ui,sans-serif";
const EDGE = "2px solid #fff";
const SHADOW = "0 1px 3px rgba(0,0,0,.4)";
const TIP_PX = 7;

export function pointColour(point: Pick<MapPoint, "maxPowerKw" | "isOperational">): PointColour {
  if (point.isOperational === false) return "down";
  return (point.maxPowerKw ?? 0) >= 50 ? "fast" : "point";
}

export function pointLabel(point: Pick<MapPoint, "maxPowerKw">): string {
  return point.maxPowerKw === null ? "?" : String(Math.round(point.maxPowerKw));
}

/** A charge point: a rounded label with a tip below it that points at the place. */
export function pointLook(colour: PointColour, label: string): MarkerLook {
  const background = MARKER_COLOURS[colour];
  const width = Math.max(28, 10 + label.length * 7);
  const bodyHeight = 22;
  return {
    kind: "point",
    label,
    width,
    height: bodyHeight + TIP_PX,
    anchor: [width / 2, bodyHeight + TIP_PX],
    outer: { display: "flex", flexDirection: "column", alignItems: "center", width, filter: `drop-shadow(${SHADOW})` },
    body: {
      display: "flex",
      alignItems: "center",
      justifyContent: "center",
      boxSizing: "border-box",
      width,
      height: bodyHeight,
      borderRadius: 5,
      background,
      color: "#fff",
      font: FONT,
      border: EDGE,
    },
    tip: {
      width: 0,
      height: 0,
      marginTop: -1,
      borderLeft: `${TIP_PX}px solid transparent`,
      borderRight: `${TIP_PX}px solid transparent`,
      borderTop: `${TIP_PX}px solid ${background}`,
    },
  };
}

/** A square badge (rounded by `radius`) with its label in the middle, white-edged and shadowed. */
function badge(size: number, radius: number | string, background: string, fontPx: number): CSSProperties {
  return {
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    boxSizing: "border-box",
    width: size,
    height: size,
    borderRadius: radius,
    background,
    color: "#fff",
    font: `700 ${fontPx}px/1 system-ui,sans-serif`,
    border: EDGE,
    boxShadow: SHADOW,
  };
}

/** A group of points: round, with a wide pale ring, larger as it holds more. */
export function clusterLook(count: number): MarkerLook {
  const size = count < 10 ? 34 : count < 100 ? 40 : 46;
  const ring = 5;
  const outerSize = size + 2 * ring;
  return {
    kind: "cluster",
    label: String(count),
    width: outerSize,
    height: outerSize,
    anchor: [outerSize / 2, outerSize / 2],
    outer: {
      display: "flex",
      alignItems: "center",
      justifyContent: "center",
      width: outerSize,
      height: outerSize,
      borderRadius: "50%",
      background: "rgba(30,58,138,.3)",
    },
    body: badge(size, "50%", MARKER_COLOURS.cluster, 13),
    tip: null,
  };
}

/** One of the platform's own locations: a square with a bolt. */
export function ownLocationLook(): MarkerLook {
  const size = 30;
  return {
    kind: "own",
    label: "⚡",
    width: size,
    height: size,
    anchor: [size / 2, size / 2],
    outer: { display: "block", width: size, height: size },
    body: badge(size, 2, MARKER_COLOURS.own, 14),
    tip: null,
  };
}

function cssText(style: CSSProperties): string {
  return Object.entries(style)
    .map(([name, value]) => {
      const property = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      const unitless = typeof value === "number" && value !== 0 ? `${value}px` : String(value);
      return `${property}:${unitless}`;
    })
    .join(";");
}

/** The look as HTML for a Leaflet divIcon; the label is digits, "?" or the bolt, never data text. */
export function markerHtml(look: MarkerLook): string {
  const tip = look.tip ? `<span style="${cssText(look.tip)}"></span>` : "";
  return `<span data-marker="${look.kind}" style="${cssText(look.outer)}"><span style="${cssText(look.body)}">${look.label}</span>${tip}</span>`;
}
