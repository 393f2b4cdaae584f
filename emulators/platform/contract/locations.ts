import { json, notFound, paginate, parseId } from "../http";
import type { Route, RouteContext } from "../router";
import { SEED_LOCATIONS, SEED_ROAMING_LOCATIONS, type SeedLocation } from "../seed-data";

/**
 * Locations v2.0. By default the list is empty and every id answers 404, exactly as the contract
 * describes partner 1116 today; `seedLocations` serves the locations the sessions point at (roaming sites too).
 * Page-based pagination like the other lists (the real v2.0 list is cursor-only; see the facts file).
 */
const LOCATIONS = /^\/public-api\/resources\/locations\/v2\.0$/;
const LOCATION = /^\/public-api\/resources\/locations\/v2\.0\/([^/]+)$/;

function summary(location: SeedLocation) {
  return {
    id: location.id,
    name: [
      { locale: "nl", translation: location.name.nl },
      { locale: "en", translation: location.name.en },
    ],
    geoposition: { latitude: location.latitude, longitude: location.longitude },
    address: { street: location.street, number: location.number },
    city: location.city,
  };
}

function detail(location: SeedLocation) {
  return {
    ...summary(location),
    evses: location.evses.map((evse) => ({
      id: evse.id,
      status: "available",
      connectors: evse.connectors.map((c) => ({ type: c.type, power: c.power })),
    })),
  };
}

const served = ({ options }: RouteContext) =>
  options.seedLocations ? [...SEED_LOCATIONS, ...SEED_ROAMING_LOCATIONS] : [];

function listLocations(ctx: RouteContext) {
  const page = paginate(served(ctx), ctx.url, { withLastPage: true });
  return json(200, { ...page, data: page.data.map(summary) });
}

function getLocation(ctx: RouteContext) {
  const id = parseId(ctx.params[0], "Location");
  const location = served(ctx).find((l) => l.id === id);
  if (!location) throw notFound("Location", id);
  return json(200, { data: detail(location) });
}

export const locationRoutes: Route[] = [
  { method: "GET", pattern: LOCATIONS, handler: listLocations },
  { method: "GET", pattern: LOCATION, handler: getLocation },
];
