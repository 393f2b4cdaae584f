"use client";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import type { LeafletMapProps } from "./leaflet-map";

/**
 * Leaflet touches `window` on import, so it is loaded in the browser only (`ssr: false`, which
 * Next allows only inside a client file) and only by the map page: no other page's bundle has it.
 */
const LeafletMap = dynamic<LeafletMapProps>(() => import("./leaflet-map"), {
  ssr: false,
  loading: () => <MapLoadingNotice />,
});

function MapLoadingNotice() {
  const t = useTranslations("map");
  return <MapNotice>{t("explorer.loadingMap")}</MapNotice>;
}

/** What the map is waiting for, over the first view's tiles (or the map's grey where there are none). */
export function MapNotice({ children }: { children: React.ReactNode }) {
  return (
    <div role="status" className="relative flex h-full w-full items-center justify-center p-3">
      <span className="rounded-md bg-white/90 px-3 py-1.5 text-sm text-slate-700 shadow dark:bg-slate-900/90 dark:text-slate-200">
        {children}
      </span>
    </div>
  );
}

/**
 * Starts the map's code download at once, not after the browser's position: it sat at the end of the page's longest
 * chain, before the first tiles (the LCP).
 */
export function usePrefetchedMap(): void {
  useEffect(() => {
    void import("./leaflet-map");
  }, []);
}

export function MapView(props: LeafletMapProps) {
  return <LeafletMap {...props} />;
}
