"use client";
import dynamic from "next/dynamic";
import type { LeafletMapProps } from "./leaflet-map";

/**
 * Leaflet touches `window` on import, so it is loaded in the browser only (`ssr: false`, which
 * Next allows only inside a client file) and only by the map page: no other page's bundle has it.
 */
const LeafletMap = dynamic<LeafletMapProps>(() => import("./leaflet-map"), {
  ssr: false,
  loading: () => (
    <div
      role="status"
      className="flex h-full w-full items-center justify-center bg-slate-100 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300"
    >
      Loading the map…
    </div>
  ),
});

export function MapView(props: LeafletMapProps) {
  return <LeafletMap {...props} />;
}
