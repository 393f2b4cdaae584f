import { locationName } from "@/lib/platform/location-name";
import type { ChargingLocation } from "@/lib/platform/types";

/**
 * How a session's location is shown: its name in the driver's language (falling back to the first
 * translation, see locationName), and a one-line address. Pure.
 */

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
export type SessionLocationState =
  { kind: "known"; location: SessionLocationView } | { kind: "unavailable"; locationId: number } | { kind: "none" };
