"use client";
import "leaflet/dist/leaflet.css";
import "react-leaflet-cluster/dist/assets/MarkerCluster.css";
import "react-leaflet-cluster/dist/assets/MarkerCluster.Default.css";
import L from "leaflet";
import { useEffect, useRef } from "react";
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from "react-leaflet";
import MarkerClusterGroup from "react-leaflet-cluster";
import { OCM_ATTRIBUTION_HTML, OSM_ATTRIBUTION_HTML } from "@/lib/map/attribution";
import type { MapPoint, OwnLocation } from "@/lib/map/points";
import { FocusMarker, type ClusterGroup, type FocusRequest } from "./focus-marker";
import { PROGRAMMATIC_MOVE_MS, type Programmatic } from "./programmatic-moves";
import { OwnLocationDetails, PointDetails } from "./point-details";

/**
 * The Leaflet map itself. Only ever loaded through `MapView` (next/dynamic, ssr: false), so Leaflet
 * and its CSS are in this page's bundle alone. Markers are divIcons: Leaflet's default image icons
 * break under bundlers.
 */

export type LatLng = { lat: number; lng: number };

export interface LeafletMapProps {
  tileUrl: string;
  /** Changing it recentres the map (e.g. when the browser's position arrives). */
  centre: LatLng;
  points: MapPoint[];
  ownLocations: OwnLocation[];
  focus: FocusRequest | null;
  /** Reported 800 ms after the user stops moving the map, never for moves the page made itself. */
  onViewChange: (centre: LatLng, radiusKm: number) => void;
}

const INITIAL_ZOOM = 13;
const MOVE_DEBOUNCE_MS = 800;

const iconCache = new Map<string, L.DivIcon>();

function pointIcon(point: MapPoint): L.DivIcon {
  const fast = (point.maxPowerKw ?? 0) >= 50;
  const colour = point.isOperational === false ? "#64748b" : fast ? "#b45309" : "#0b6139";
  const label = point.maxPowerKw === null ? "?" : String(Math.round(point.maxPowerKw));
  const key = `${colour}|${label}`;
  let icon = iconCache.get(key);
  if (!icon) {
    icon = L.divIcon({
      className: "",
      html: `<span style="display:flex;align-items:center;justify-content:center;width:30px;height:30px;border-radius:9999px;background:${colour};color:#fff;font:600 11px/1 system-ui,sans-serif;border:2px solid #fff;box-shadow:0 1px 3px rgba(0,0,0,.4)">${label}</span>`,
      iconSize: [30, 30],
      iconAnchor: [15, 15],
      popupAnchor: [0, -14],
    });
    iconCache.set(key, icon);
  }
  return icon;
}

const OWN_LOCATION_ICON = L.divIcon({
  className: "",
  html: `<span style="display:flex;align-items:center;justify-content:center;width:30px;height:30px;border-radius:6px;background:#1d4ed8;color:#fff;font:700 14px/1 system-ui,sans-serif;border:2px solid #fff;box-shadow:0 1px 3px rgba(0,0,0,.4)">⚡</span>`,
  iconSize: [30, 30],
  iconAnchor: [15, 15],
  popupAnchor: [0, -14],
});

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
    map.setView([centre.lat, centre.lng], Math.max(map.getZoom(), INITIAL_ZOOM));
  }, [map, centre.lat, centre.lng, programmaticRef]);
  return null;
}

export default function LeafletMap({ tileUrl, centre, points, ownLocations, focus, onViewChange }: LeafletMapProps) {
  const markers = useRef(new Map<string, L.Marker>());
  const cluster = useRef<ClusterGroup | null>(null);
  const programmatic = useRef(0);

  const register = (key: string) => (marker: L.Marker | null) => {
    if (marker) markers.current.set(key, marker);
    else markers.current.delete(key);
  };

  return (
    <MapContainer center={[centre.lat, centre.lng]} zoom={INITIAL_ZOOM} className="h-full w-full" scrollWheelZoom>
      <TileLayer url={tileUrl} attribution={OSM_ATTRIBUTION_HTML} maxZoom={19} />
      <OpenChargeMapAttribution />
      <ViewReporter onViewChange={onViewChange} programmaticRef={programmatic} />
      <Recentre centre={centre} programmaticRef={programmatic} />
      <FocusMarker focus={focus} markers={markers} cluster={cluster} programmatic={programmatic} />
      <MarkerClusterGroup ref={cluster as never} chunkedLoading maxClusterRadius={50} disableClusteringAtZoom={17}>
        {points.map((point) => (
          // keyboard: false — the list beside the map is the keyboard and screen-reader path.
          <Marker
            key={point.id}
            position={[point.lat, point.lng]}
            icon={pointIcon(point)}
            title={point.title}
            keyboard={false}
            ref={register(`point:${point.id}`)}
          >
            <Popup>
              <PointDetails point={point} />
            </Popup>
          </Marker>
        ))}
      </MarkerClusterGroup>
      {ownLocations.map((location) => (
        <Marker
          key={`own-${location.id}`}
          position={[location.lat, location.lng]}
          icon={OWN_LOCATION_ICON}
          title={location.name}
          keyboard={false}
          ref={register(`own:${location.id}`)}
        >
          <Popup>
            <OwnLocationDetails location={location} />
          </Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}
