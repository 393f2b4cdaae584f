import "server-only";
import { getConfig } from "@/lib/core/config";
import { getDb } from "@/lib/core/db/client";
import { createMapDataClient, type FetchLike, type MapCallLogLine } from "./ocm-client";
import { OcmReferenceData } from "./ocm-schema";
import { platformOwnLocations } from "./platform-locations";
import { slimReferenceData, type StoredReferenceData } from "./reference";
import { createMapService, type MapService } from "./service";
import { logger } from "@/lib/core/log";

const log = logger("map");

export type { MapService, PointsQuery } from "./service";
export type { OwnLocationsSource } from "./own-locations";
export { mapKeyRefusal, MapUnavailableError, MapUpstreamError } from "./errors";
export type { MapDataClient } from "./ocm-client";

/**
 * The map service: in-process emulator when MAP_API_KEY is unset, else real fetch. On globalThis so dev reloads keep
 * one tile cache and single-flight table.
 */
const holder = globalThis as unknown as { __driverPortalMapService?: MapService };

function embeddedFetch(apiKey: string): FetchLike {
  let emulator: Promise<{ handle(request: Request): Promise<Response> }> | null = null;
  return async (input, init) => {
    // Loaded on first use only, so a production build never initialises the demo dataset.
    emulator ??= import("@/emulators/map").then(({ createMapEmulator }) => {
      log.info("map data: built-in emulator in process (real samples plus generated demo points)");
      return createMapEmulator({ apiKey });
    });
    return (await emulator).handle(new Request(input, init));
  };
}

/** The 2023-08 reference data shipped with the app: used only until a first refresh succeeds. */
async function bundledReferenceData(): Promise<StoredReferenceData | null> {
  const bundled = await import("@/emulators/map/data/referencedata-2023-08-ocm-app.json");
  const parsed = OcmReferenceData.safeParse(bundled.default);
  return parsed.success ? slimReferenceData(parsed.data) : null;
}

/** One line per map data call (never the key or the query's coordinates), at info level. */
function logCall(line: MapCallLogLine): void {
  log.info("map data call", line);
}

export function getMapService(): MapService {
  if (holder.__driverPortalMapService) return holder.__driverPortalMapService;
  const { map, emulator } = getConfig();
  const client = createMapDataClient({
    baseUrl: map.baseUrl,
    apiKey: map.apiKey,
    fetch: map.embedded ? embeddedFetch(emulator.mapKey) : (input, init) => fetch(input, init),
    log: logCall,
  });
  holder.__driverPortalMapService = createMapService({
    client,
    getDb,
    tileTtlSeconds: map.tileTtlSeconds,
    ownLocations: platformOwnLocations,
    fallbackReference: bundledReferenceData,
  });
  return holder.__driverPortalMapService;
}
