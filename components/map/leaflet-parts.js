/**
 * The parts of Leaflet the map uses, from Leaflet's own ES modules (leaflet/src), in place of its
 * whole UMD build: next.config.ts points every browser import of "leaflet" (ours and react-leaflet's)
 * here. Left out: vector layers and their SVG/Canvas renderers, GeoJSON, image/video/SVG overlays,
 * tooltips, the layers and scale controls, WMS, the other CRSs — about a third of Leaflet that
 * the map page downloaded and parsed without ever running it.
 *
 * A part added to the map must be exported here too: the build fails on an import this module
 * does not export. Types still come from @types/leaflet.
 */

// Side effects on import: each handler and control registers itself on Map as an init hook.
import "leaflet/src/map/handler/Map.BoxZoom";
import "leaflet/src/map/handler/Map.DoubleClickZoom";
import "leaflet/src/map/handler/Map.Drag";
import "leaflet/src/map/handler/Map.Keyboard";
import "leaflet/src/map/handler/Map.ScrollWheelZoom";
import "leaflet/src/map/handler/Map.TouchZoom";
import "leaflet/src/control/Control.Zoom";
import "leaflet/src/control/Control.Attribution";

export { Map, createMap as map } from "leaflet/src/map/Map";
export { Control, control } from "leaflet/src/control/Control";
export { Layer } from "leaflet/src/layer/Layer";
export { LayerGroup, layerGroup } from "leaflet/src/layer/LayerGroup";
export { FeatureGroup, featureGroup } from "leaflet/src/layer/FeatureGroup";
export { DivOverlay } from "leaflet/src/layer/DivOverlay";
export { Popup, popup } from "leaflet/src/layer/Popup";
export { Marker, marker } from "leaflet/src/layer/marker/Marker";
export { Icon, icon } from "leaflet/src/layer/marker/Icon";
export { DivIcon, divIcon } from "leaflet/src/layer/marker/DivIcon";
export { GridLayer, gridLayer } from "leaflet/src/layer/tile/GridLayer";
export { TileLayer, tileLayer } from "leaflet/src/layer/tile/TileLayer";
export { Class } from "leaflet/src/core/Class";
export { Evented } from "leaflet/src/core/Events";
export { Handler } from "leaflet/src/core/Handler";
export * as Util from "leaflet/src/core/Util";
export * as DomEvent from "leaflet/src/dom/DomEvent";
export * as DomUtil from "leaflet/src/dom/DomUtil";
export { LatLng, toLatLng as latLng } from "leaflet/src/geo/LatLng";
export { LatLngBounds, toLatLngBounds as latLngBounds } from "leaflet/src/geo/LatLngBounds";
export { Point, toPoint as point } from "leaflet/src/geometry/Point";
export { Bounds, toBounds as bounds } from "leaflet/src/geometry/Bounds";
