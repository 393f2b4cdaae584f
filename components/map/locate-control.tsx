"use client";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { buttonClasses } from "@/components/ui/button-classes";
import type { LatLng } from "./leaflet-map";

/** Where a "locate me" request stands; each but idle and locating has a sentence of its own. */
export type LocateState = "idle" | "locating" | "found" | "denied" | "unavailable" | "unsupported";

/** Asks the browser for the visitor's position when they press the button, never before. */
export function useLocateMe(onFound: (here: LatLng) => void): { state: LocateState; locate: () => void } {
  const [state, setState] = useState<LocateState>("idle");
  const locate = useCallback(() => {
    if (typeof navigator === "undefined" || !navigator.geolocation) {
      setState("unsupported");
      return;
    }
    setState("locating");
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setState("found");
        onFound({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      (error) => setState(error.code === error.PERMISSION_DENIED ? "denied" : "unavailable"),
      { timeout: 10_000, maximumAge: 60_000 },
    );
  }, [onFound]);
  return { state, locate };
}

/** The button, over the map's top right corner: a real button, so Tab and Enter or Space reach it. */
export function LocateButton({ state, onLocate }: { state: LocateState; onLocate: () => void }) {
  const t = useTranslations("map");
  return (
    <button
      type="button"
      onClick={onLocate}
      aria-busy={state === "locating"}
      className={buttonClasses("secondary", "absolute right-2 top-2 z-[1000] min-h-11 px-3 shadow")}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v4M12 18v4M2 12h4M18 12h4" />
      </svg>
      {t("locate.button")}
    </button>
  );
}

/** What became of the request, in a live region that is always there (so it is announced when it fills). */
export function LocateMessage({ state }: { state: LocateState }) {
  const t = useTranslations("map");
  const problem = state === "denied" || state === "unavailable" || state === "unsupported";
  return (
    <p
      role="status"
      aria-live="polite"
      className={
        problem
          ? "rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 empty:hidden dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          : "text-sm text-slate-700 empty:hidden dark:text-slate-200"
      }
    >
      {state === "idle" ? "" : t(`locate.${state}`)}
    </p>
  );
}
