import { locationName } from "@/lib/platform/location-name";
import type { ChargingLocation } from "@/lib/platform/types";

/**
 * How a session's location is shown: its name in the driver's language (falling back to the first
 * translation, see locationName), and a one-line address. Pure.
 */

const LANGUAGE_TAG = /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/;

/**
 * The driver's preferred language from Accept-Language ("nl-NL,nl;q=0.9,en;q=0.8" → "nl-NL"):
 * the highest q wins, ties keep header order; "*", q=0 and malformed tags are skipped; "en" when
 * nothing usable is left.
 */
export function preferredLocale(acceptLanguage: string | null | undefined): string {
  if (!acceptLanguage) return "en";
  const candidates = acceptLanguage
    .slice(0, 512)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((c) => c.q > 0 && LANGUAGE_TAG.test(c.tag))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return candidates[0]?.tag ?? "en";
}

export interface SessionLocationView {
  id: number;
  name: string;
  /** "Haarlemmerweg 8, Amsterdam"; null when the platform gave no address. */
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  evseCount: number;
}

export function describeLocation(location: ChargingLocation, locale: string): SessionLocationView {
  const street = [location.street, location.number].filter(Boolean).join(" ");
  const address = [street, location.city].filter(Boolean).join(", ");
  return {
    id: location.id,
    name: locationName(location, locale),
    address: address || null,
    latitude: location.latitude,
    longitude: location.longitude,
    evseCount: location.evses.length,
  };
}

/** What is known about a session's location: joined, unavailable (404 or a failed read), or none given. */
export type SessionLocationState = { kind: "known"; location: SessionLocationView } | { kind: "unavailable"; locationId: number } | { kind: "none" };

/** id → name for the locations a listing returned; used to label table rows "when known". */
export function locationNameIndex(locations: readonly ChargingLocation[], locale: string): Record<number, string> {
  const index: Record<number, string> = {};
  for (const location of locations) index[location.id] = locationName(location, locale);
  return index;
}
