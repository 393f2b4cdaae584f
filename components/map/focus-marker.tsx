"use client";
import type L from "leaflet";
import { useEffect } from "react";
import { useMap } from "react-leaflet";
import { PROGRAMMATIC_MOVE_MS, type Programmatic } from "./programmatic-moves";

/** A point or own location picked in the list; a new nonce asks again for the same one. */
export type FocusRequest = { kind: "point" | "own"; id: number; nonce: number };

/** Where the map must look to show a marker that is not drawn yet: its place and the zoom it stands alone at. */
export type LocateMarker = (key: string) => { lat: number; lng: number; zoom: number } | null;

/**
 * Brings the picked point's marker into view and opens its popup, waiting for `layeradd` (not a delay) while the map
 * mounts or a cluster splits: docs/design-notes.md#componentsmapfocus-markertsx.
 */
export function FocusMarker({
  focus,
  markers,
  locate,
  programmatic,
}: {
  focus: FocusRequest | null;
  markers: React.RefObject<Map<string, L.Marker>>;
  /** Read when the request starts, not a dependency: new points must not move the map again. */
  locate: React.RefObject<LocateMarker>;
  programmatic: Programmatic;
}) {
  const map = useMap();
  useEffect(() => {
    if (!focus) return;
    const key = `${focus.kind}:${focus.id}`;
    // waiting: nothing done yet; showing: the map moves to where the marker will be; open: its popup
    // opened (and stays wanted while the marker is re-created); closed: the user closed it or opened another.
    let phase: "waiting" | "showing" | "open" | "closed" = "waiting";
    let current: L.Marker | null = null;
    let openedPopup: L.Popup | undefined;
    let popupClosed = false;
    let frame = 0;
    // Opened while the page's own move still runs, the popup's auto-pan is lost: it pans once that move has ended.
    let panUntil = 0;
    let movedSinceOpen = false;

    // <Popup> binds itself to its marker in an effect of its own.
    const placed = (marker: L.Marker | undefined): marker is L.Marker =>
      !!marker && !!marker.getPopup() && map.hasLayer(marker);

    const open = (marker: L.Marker) => {
      if (phase === "showing") panUntil = Date.now() + PROGRAMMATIC_MOVE_MS;
      movedSinceOpen = false;
      phase = "open";
      current = marker;
      openedPopup = marker.getPopup();
      // The popup's auto-pan moves the map once more: that is the page's move, not the user's.
      programmatic.current = Date.now() + PROGRAMMATIC_MOVE_MS;
      if (!marker.isPopupOpen()) marker.openPopup();
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
      if (phase === "open") {
        // A re-created marker of a popup that was open: reopen in place.
        if (placed(marker) && marker !== current) open(marker);
        else if (movedSinceOpen && Date.now() < panUntil && current?.isPopupOpen()) {
          panUntil = 0;
          programmatic.current = Date.now() + PROGRAMMATIC_MOVE_MS;
          current.getPopup()?.update();
        }
        return;
      }
      if (placed(marker) && (phase === "showing" || map.getBounds().contains(marker.getLatLng()))) {
        open(marker);
        return;
      }
      if (phase === "waiting") {
        const target = locate.current(key);
        if (!target) return; // not among the points yet: a later layeradd looks again
        phase = "showing";
        programmatic.current = Date.now() + PROGRAMMATIC_MOVE_MS;
        map.setView([target.lat, target.lng], Math.max(map.getZoom(), target.zoom));
      }
    };

    // Leaflet events arrive mid-zoom or mid-commit: look again next frame. Not inside `moveend`, where another popup's
    // auto-pan would close it mid-update.
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    const onPopupClose = (event: L.PopupEvent) => {
      if (phase !== "open" || event.popup !== openedPopup) return;
      popupClosed = true;
      schedule();
    };
    const onMoveEnd = () => {
      movedSinceOpen = true;
      schedule();
    };
    const mapEvents = { layeradd: schedule, moveend: onMoveEnd, popupclose: onPopupClose };
    map.on(mapEvents);

    // Scroll the map into view on narrow screens, where the list sits below it.
    map.getContainer().scrollIntoView?.({ block: "nearest", behavior: "smooth" });
    // Start on the next frame too: after this commit's other effects, such as an open popup's update
    // that would stop a pan begun here.
    schedule();

    return () => {
      phase = "closed";
      if (frame) window.cancelAnimationFrame(frame);
      map.off(mapEvents);
    };
  }, [focus, map, markers, locate, programmatic]);
  return null;
}
