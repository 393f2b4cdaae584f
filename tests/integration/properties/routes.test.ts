import fc from "fast-check";
import { describe } from "vitest";
import * as accountBalance from "@/app/api/account/balance/route";
import * as dataExport from "@/app/api/account/data-export/route";
import * as downloadJob from "@/app/api/downloads/[id]/route";
import * as health from "@/app/api/health/route";
import * as healthLive from "@/app/api/health/live/route";
import * as healthReady from "@/app/api/health/ready/route";
import * as metrics from "@/app/api/metrics/route";
import * as mapLocation from "@/app/api/map/locations/[id]/route";
import * as mapPoints from "@/app/api/map/points/route";
import * as mapSearch from "@/app/api/map/search/route";
import { driverSideViewer, pathParamValue, queryArb, queryValue } from "./arbitraries";
import { checkRouteProperty, plainRoute, type RouteProperty } from "./checks";

/** Map queries that pass validation mostly fall on a few tiles (each new tile is an upstream search). */
const plausibleMapQuery = fc
  .record(
    {
      lat: fc.integer({ min: 500, max: 540 }).map((n) => String(n / 10)),
      lng: fc.integer({ min: 30, max: 70 }).map((n) => String(n / 10)),
      radiusKm: fc.constantFrom("1", "5", "25", "200", "250", "0.5"),
      limit: fc.constantFrom("1", "8", "100", "500", "501"),
    },
    { requiredKeys: ["lat", "lng"] },
  )
  .map((q) => new URLSearchParams(q as Record<string, string>).toString());
const mapQuery = fc.oneof(
  { weight: 2, arbitrary: plausibleMapQuery },
  {
    weight: 1,
    arbitrary: fc
      .record({ lat: queryValue, lng: queryValue, radiusKm: queryValue, limit: queryValue }, { requiredKeys: [] })
      .map((q) => new URLSearchParams(q).toString()),
  },
  { weight: 2, arbitrary: queryArb },
);

/** Place searches: towns and streets the demo data holds, and anything at all. */
const searchQuery = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .record(
        {
          q: fc.oneof(fc.constantFrom("Amsterdam", "utr", "Prinsengracht", "1011", "Zzyzx", "a"), queryValue),
          lat: fc.oneof(fc.constant("52.37"), queryValue),
          lng: fc.oneof(fc.constant("4.89"), queryValue),
        },
        { requiredKeys: ["q"] },
      )
      .map((q) => new URLSearchParams(q as Record<string, string>).toString()),
  },
  { weight: 1, arbitrary: queryArb },
);

const CASES: Omit<RouteProperty, "viewer">[] = [
  plainRoute(accountBalance, "/api/account/balance", queryArb),
  plainRoute(dataExport, "/api/account/data-export", queryArb),
  plainRoute(health, "/api/health", queryArb),
  plainRoute(healthLive, "/api/health/live", queryArb),
  plainRoute(healthReady, "/api/health/ready", queryArb),
  plainRoute(metrics, "/api/metrics", queryArb),
  plainRoute(mapPoints, "/api/map/points", mapQuery),
  plainRoute(mapSearch, "/api/map/search", searchQuery),
  {
    file: "app/api/map/locations/[id]/route.ts",
    module: mapLocation,
    pathname: (p) => `/api/map/locations/${encodeURIComponent(p.id ?? "")}`,
    query: queryArb,
    params: fc.record({ id: pathParamValue }),
  },
  {
    // A download's progress and its cancel: ids of the right shape too, none of them the caller's.
    file: "app/api/downloads/[id]/route.ts",
    module: downloadJob,
    pathname: (p) => `/api/downloads/${encodeURIComponent(p.id ?? "")}`,
    query: queryArb,
    params: fc.record({ id: fc.oneof(pathParamValue, fc.stringMatching(/^[0-9a-f]{32}$/)) }),
  },
];

describe("route handlers: never a 500, never a throw", () => {
  for (const c of CASES) checkRouteProperty({ ...c, viewer: driverSideViewer });
});
