"use client";
import { useEffect, useState } from "react";

export type LatLng = { lat: number; lng: number };
export type CentreSource = "browser" | "default";

// The PositionOptions timeout starts only once permission is granted, so an unanswered prompt would leave the map
// empty. A position that arrives later still moves the map.
const PROMPT_PATIENCE_MS = 6000;

/** Spec §4.16: open on the browser's position when granted, else on the configured default centre. */
export function useInitialCentre(fallback: LatLng): { centre: LatLng | null; source: CentreSource | null } {
  const { lat: fallbackLat, lng: fallbackLng } = fallback;
  const [state, setState] = useState<{ centre: LatLng | null; source: CentreSource | null }>({
    centre: null,
    source: null,
  });

  useEffect(() => {
    let cancelled = false;
    let settled = false;
    const fallBackToDefault = () => {
      if (cancelled || settled) return;
      settled = true;
      setState({ centre: { lat: fallbackLat, lng: fallbackLng }, source: "default" });
    };
    if (typeof navigator === "undefined" || !navigator.geolocation) {
      fallBackToDefault();
      return;
    }
    const patience = window.setTimeout(fallBackToDefault, PROMPT_PATIENCE_MS);
    const ask = () =>
      navigator.geolocation.getCurrentPosition(
        (position) => {
          if (cancelled) return;
          settled = true;
          window.clearTimeout(patience);
          setState({ centre: { lat: position.coords.latitude, lng: position.coords.longitude }, source: "browser" });
        },
        () => {
          window.clearTimeout(patience);
          fallBackToDefault();
        },
        { timeout: 8000, maximumAge: 5 * 60 * 1000 },
      );
    // Skip the prompt entirely when the answer is already known to be "no".
    const permissions = navigator.permissions?.query?.({ name: "geolocation" });
    if (permissions !== undefined) {
      permissions.then(
        (status) => {
          if (status.state === "denied") {
            window.clearTimeout(patience);
            fallBackToDefault();
          } else ask();
        },
        () => ask(),
      );
    } else ask();
    return () => {
      cancelled = true;
      window.clearTimeout(patience);
    };
  }, [fallbackLat, fallbackLng]);

  return state;
}
