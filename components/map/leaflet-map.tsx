"use client";
import "leaflet/dist/leaflet.css";
import type L from "leaflet";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef } from "react";
import { MapContainer, Marker, Popup, useMap, useMapEvents } from "react-leaflet";
import {
  OCM_ATTRIBUTION_HTML,
  indexPoints,
  type MapPoint,
  type OwnLocation,
  MAP_INITIAL_ZOOM,
} from "@/lib/features/map/shared";
import { ClusteredPoints } from "./clustered-points";
import { MapTiles } from "./first-view-tile-layer";
import { FocusMarker, type FocusRequest, type LocateMarker } from "./focus-marker";
import { HERE_ICON, OWN_LOCATION_ICON, POPUP_PLACEMENT } from "./marker-icons";
import { PROGRAMMATIC_MOVE_MS, type Programmatic } from "./programmatic-moves";
import { OwnLocationDetails } from "./point-details";

/**
 * The Leaflet map itself. Only ever loaded through `MapView` (next/dynamic, ssr: false), so Leaflet
 * and its CSS are in this page's bundle alone.
 */

export type LatLng = { lat: number; lng: number };

/** A move the visitor asked for (their location, a place found): a new nonce moves again to the same place. */
export type MoveRequest = LatLng & { zoom: number; nonce: number };

export interface LeafletMapProps {
  tileUrl: string;
  /** Changing it recentres the map (e.g. when the browser's position arrives). */
  centre: LatLng;
  points: MapPoint[];
  ownLocations: OwnLocation[];
  focus: FocusRequest | null;
  /** Moves the map as if the visitor had: the new view's points are loaded. */
  moveTo: MoveRequest | null;
  /** Where the browser said the visitor is, once they asked. */
  here: LatLng | null;
  /** Reported 800 ms after the user stops moving the map, never for moves the page made itself. */
  onViewChange: (centre: LatLng, radiusKm: number) => void;
}

const MOVE_DEBOUNCE_MS = 800;
/** An own location picked in the list is shown at least this close: it is never clustered. */
const OWN_LOCATION_ZOOM = 15;

/** The CC BY 4.0 credit sits in Leaflet's own attribution control, next to the OSM credit. */
function OpenChargeMapAttribution() {
  const map = useMap();
  useEffect(() => {
    map.attributionControl?.addAttribution(OCM_ATTRIBUTION_HTML);
    return () => {
      map.attributionControl?.removeAttribution(OCM_ATTRIBUTION_HTML);
    };
  }, [map]);
  return null;
}

/** Leaflet's own words (zoom buttons, the popup's close button, its credit's tooltip) in the page's language. */
function LeafletWording() {
  const t = useTranslations("map");
  const map = useMap();
  const zoomIn = t("leaflet.zoomIn");
  const zoomOut = t("leaflet.zoomOut");
  const closePopup = t("leaflet.closePopup");
  const leafletTitle = t("leaflet.leafletTitle");
  useEffect(() => {
    // Leaflet names its zoom buttons once, in English, with the same words as title and aria-label.
    const zoomButtons = map.zoomControl?.getContainer();
    for (const [selector, label] of [
      [".leaflet-control-zoom-in", zoomIn],
      [".leaflet-control-zoom-out", zoomOut],
    ] as const) {
      const button = zoomButtons?.querySelector(selector);
      button?.setAttribute("title", label);
      button?.setAttribute("aria-label", label);
    }
    const attribution = map.attributionControl;
    const prefix = attribution?.options.prefix;
    if (attribution && typeof prefix === "string")
      attribution.setPrefix(prefix.replace(/title="[^"]*"/, `title="${escapeAttribute(leafletTitle)}"`));
    // Leaflet writes the close button's label itself, in English, when a popup is first laid out.
    const labelCloseButton = (event: L.PopupEvent) => {
      event.popup.getElement()?.querySelector(".leaflet-popup-close-button")?.setAttribute("aria-label", closePopup);
    };
    map.on("popupopen", labelCloseButton);
    return () => {
      map.off("popupopen", labelCloseButton);
    };
  }, [map, zoomIn, zoomOut, closePopup, leafletTitle]);
  return null;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

function ViewReporter({
  onViewChange,
  programmaticRef,
}: {
  onViewChange: LeafletMapProps["onViewChange"];
  programmaticRef: Programmatic;
}) {
  const timer = useRef<number | undefined>(undefined);
  const map = useMapEvents({
    movestart() {
      window.clearTimeout(timer.current);
    },
    moveend() {
      window.clearTimeout(timer.current);
      // An event handler, not render: the compiler cannot tell from useMapEvents' handler object.
      // eslint-disable-next-line react-hooks/purity
      if (Date.now() < programmaticRef.current) return;
      timer.current = window.setTimeout(() => {
        const centre = map.getCenter();
        const radiusKm = map.distance(centre, map.getBounds().getNorthEast()) / 1000;
        onViewChange({ lat: centre.lat, lng: centre.lng }, radiusKm);
      }, MOVE_DEBOUNCE_MS);
    },
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return null;
}

function Recentre({ centre, programmaticRef }: { centre: LatLng; programmaticRef: Programmatic }) {
  const map = useMap();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    programmaticRef.current = Date.now() + PROGRAMMATIC_MOVE_MS;
    map.setView([centre.lat, centre.lng], Math.max(map.getZoom(), MAP_INITIAL_ZOOM));
  }, [map, centre.lat, centre.lng, programmaticRef]);
  return null;
}

/** The visitor's own move (their location, a place found): not a programmatic one, so the view's points load. */
function MoveTo({ request }: { request: MoveRequest | null }) {
  const map = useMap();
  useEffect(() => {
    if (request) map.setView([request.lat, request.lng], request.zoom);
  }, [map, request]);
  return null;
}

function HereMarker({ here }: { here: LatLng | null }) {
  const t = useTranslations("map");
  if (!here) return null;
  return (
    <Marker
      position={[here.lat, here.lng]}
      icon={HERE_ICON}
      title={t("locate.here")}
      keyboard={false}
      zIndexOffset={-100}
    />
  );
}

export default function LeafletMap({
  tileUrl,
  centre,
  points,
  ownLocations,
  focus,
  moveTo,
  here,
  onViewChange,
}: LeafletMapProps) {
  const markers = useRef(new Map<string, L.Marker>());
  const programmatic = useRef(0);
  const index = useMemo(() => indexPoints(points), [points]);

  const locate = useRef<LocateMarker>(() => null);
  useEffect(() => {
    locate.current = (key) => {
      const [kind, id] = key.split(":");
      if (kind === "own") {
        const location = ownLocations.find((own) => String(own.id) === id);
        return location ? { lat: location.lat, lng: location.lng, zoom: OWN_LOCATION_ZOOM } : null;
      }
      const point = points.find((candidate) => String(candidate.id) === id);
      const zoom = point ? index.revealZoom(point.id, 0) : null;
      return point && zoom !== null ? { lat: point.lat, lng: point.lng, zoom } : null;
    };
  }, [index, points, ownLocations]);

  const register = (key: string) => (marker: L.Marker | null) => {
    if (marker) markers.current.set(key, marker);
    else markers.current.delete(key);
  };

  return (
    <MapContainer center={[centre.lat, centre.lng]} zoom={MAP_INITIAL_ZOOM} className="h-full w-full" scrollWheelZoom>
      <MapTiles url={tileUrl} />
      <OpenChargeMapAttribution />
      <LeafletWording />
      <ViewReporter onViewChange={onViewChange} programmaticRef={programmatic} />
      <Recentre centre={centre} programmaticRef={programmatic} />
      <MoveTo request={moveTo} />
      <HereMarker here={here} />
      <FocusMarker focus={focus} markers={markers} locate={locate} programmatic={programmatic} />
      <ClusteredPoints index={index} register={register} />
      {ownLocations.map((location) => (
        // keyboard: false — the list beside the map is the keyboard and screen-reader path.
        <Marker
          key={`own-${location.id}`}
          position={[location.lat, location.lng]}
          icon={OWN_LOCATION_ICON}
          title={location.name}
          keyboard={false}
          ref={register(`own:${location.id}`)}
        >
          <Popup {...POPUP_PLACEMENT}>
            <OwnLocationDetails location={location} />
          </Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}
