"use client";
import type L from "leaflet";
import { useEffect } from "react";
import { useMap } from "react-leaflet";
import { PROGRAMMATIC_MOVE_MS, type Programmatic } from "./programmatic-moves";

/** A point or own location picked in the list; a new nonce asks again for the same one. */
export type FocusRequest = { kind: "point" | "own"; id: number; nonce: number };

/** The markercluster group behind `<MarkerClusterGroup>`, typed here: @types/leaflet.markercluster is not installed. */
export type ClusterGroup = L.FeatureGroup & {
  zoomToShowLayer(layer: L.Layer, callback: () => void): void;
  /** Internal counter of running cluster animations; markercluster itself waits for it to reach 0. */
  _inZoomAnimation?: number;
};

/**
 * Shows the point or own location picked in the list: brings its marker into view and opens its popup.
 *
 * The request can arrive before the marker can show anything: a click in the list may land while
 * the lazily loaded map is still mounting, and markercluster adds its markers after React has
 * rendered them (batched and chunked). Leaflet ignores `openPopup()` on a marker that is not on the
 * map, so the request waits until the marker is placed, watching `layeradd` on the map and on the
 * cluster group instead of guessing a delay.
 *
 * A request stays in force until the next one: if its marker is re-created (it left the points and
 * came back), the popup that was open for it opens again on the new marker, without moving the map.
 */
export function FocusMarker({
  focus,
  markers,
  cluster,
  programmatic,
}: {
  focus: FocusRequest | null;
  markers: React.RefObject<Map<string, L.Marker>>;
  cluster: React.RefObject<ClusterGroup | null>;
  programmatic: Programmatic;
}) {
  const map = useMap();
  useEffect(() => {
    if (!focus) return;
    const key = `${focus.kind}:${focus.id}`;
    // waiting: no marker placed yet; showing: moving the map to `current`; open: its popup opened
    // (and stays wanted while the marker is re-created); closed: the user closed it or opened another.
    let phase: "waiting" | "showing" | "open" | "closed" = "waiting";
    let current: L.Marker | null = null;
    let openedPopup: L.Popup | undefined;
    let revealed = false;
    let popupClosed = false;
    let frame = 0;

    const placed = (marker: L.Marker) => {
      // <Popup> binds itself to its marker in an effect of its own.
      if (!marker.getPopup()) return false;
      if (focus.kind === "own") return map.hasLayer(marker);
      const clusterGroup = cluster.current;
      return !!clusterGroup && map.hasLayer(clusterGroup) && clusterGroup.hasLayer(marker);
    };

    const open = (marker: L.Marker) => {
      phase = "open";
      openedPopup = marker.getPopup();
      // The popup's auto-pan moves the map once more: that is the page's move, not the user's.
      programmatic.current = Date.now() + PROGRAMMATIC_MOVE_MS;
      if (!marker.isPopupOpen()) marker.openPopup();
    };

    const show = (marker: L.Marker) => {
      phase = "showing";
      revealed = false;
      programmatic.current = Date.now() + PROGRAMMATIC_MOVE_MS;
      const clusterGroup = cluster.current;
      if (focus.kind === "point" && clusterGroup) {
        // markercluster calls back at once when the marker is already visible, else after its pan or
        // zoom once the marker (or its spiderfied cluster) is on the map. The popup opens on the next
        // frame, not inside the callback: that can run within the `moveend` that another popup's
        // auto-pan fires, and opening ours there closes that popup in the middle of its own update.
        clusterGroup.zoomToShowLayer(marker, () => {
          if (phase !== "showing" || current !== marker) return; // a marker or request replaced meanwhile
          revealed = true;
          schedule();
        });
      } else {
        map.setView(marker.getLatLng(), Math.max(map.getZoom(), 15));
        open(marker);
      }
    };

    const update = () => {
      frame = 0;
      if (popupClosed) {
        popupClosed = false;
        // Still the same marker instance: the user closed the popup, another one replaced it, or the
        // marker went into a cluster. A marker that unmounted is instead re-created by a later render.
        if (phase === "open" && current && markers.current.get(key) === current) phase = "closed";
      }
      if (phase === "closed") return;
      const marker = markers.current.get(key);
      if (!marker || !placed(marker)) return;
      if (marker !== current) {
        current = marker;
        // A re-created marker of a popup that was open: reopen in place, if it is shown at all.
        if (phase === "open") {
          if (map.hasLayer(marker)) open(marker);
        } else {
          show(marker);
        }
        return;
      }
      // markercluster withholds its callback while the marker is still hidden in a cluster after its
      // move; once a later move has ended and the marker is on the map, open it here as well.
      if (phase === "showing" && map.hasLayer(marker) && (revealed || !cluster.current?._inZoomAnimation)) open(marker);
    };

    // Leaflet events arrive in the middle of markercluster's own work: look again on the next frame.
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    const onPopupClose = (event: L.PopupEvent) => {
      if (phase !== "open" || event.popup !== openedPopup) return;
      popupClosed = true;
      schedule();
    };
    const mapEvents = { layeradd: schedule, moveend: schedule, popupclose: onPopupClose };
    const groupEvents = { layeradd: schedule, animationend: schedule, spiderfied: schedule };
    map.on(mapEvents);
    // The group's ref is set before effects run; were it not, the map's layeradd would still cover it.
    const group = cluster.current;
    group?.on(groupEvents);

    // Scroll the map into view on narrow screens, where the list sits below it.
    map.getContainer().scrollIntoView?.({ block: "nearest", behavior: "smooth" });
    // Start on the next frame too: after this commit's other effects, such as an open popup's update
    // that would stop a pan begun here.
    schedule();

    return () => {
      phase = "closed";
      if (frame) window.cancelAnimationFrame(frame);
      map.off(mapEvents);
      group?.off(groupEvents);
    };
  }, [focus, map, markers, cluster, programmatic]);
  return null;
}
