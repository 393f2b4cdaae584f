import "server-only";
import { MapUpstreamError } from "./errors";
import { OcmReferenceData, parsePoiList, type OcmPoi } from "./ocm-schema";
import { clamp, MAX_DISTANCE_KM, MAX_RESULTS_CAP } from "./tiles";
import { logger } from "@/lib/core/log";

/** Map data API client. The key travels only in `X-API-Key`, never in a URL (URLs end up in logs). */

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface MapDataClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch: FetchLike;
  timeoutMs?: number;
  /** OCM asks callers to identify themselves; a generic or robot-like UA can be refused. */
  userAgent?: string;
  log?: (line: MapCallLogLine) => void;
}

export interface MapCallLogLine {
  path: "/v3/poi/" | "/v3/referencedata/";
  status: number | null;
  outcome: "ok" | MapUpstreamError["kind"];
  durationMs: number;
  results?: number;
  dropped?: number;
}

export interface PointSearch {
  latitude: number;
  longitude: number;
  distanceKm: number;
  maxResults: number;
}

export interface MapDataClient {
  searchPoints(search: PointSearch): Promise<OcmPoi[]>;
  getReferenceData(): Promise<OcmReferenceData>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_USER_AGENT = "DriverPortal/0.1 (charge-point map; server-side)";

/** Coordinates to 6 decimals (~0.1 m): enough, and keeps URLs stable for identical searches. */
function coordinate(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

/** The query exactly as the spec lists it (§4.14), with the caller's caps applied whatever is asked. */
export function buildPoiQuery(search: PointSearch): URLSearchParams {
  return new URLSearchParams({
    output: "json",
    compact: "true",
    verbose: "false",
    maxresults: String(Math.round(clamp(search.maxResults, 1, MAX_RESULTS_CAP))),
    latitude: coordinate(search.latitude),
    longitude: coordinate(search.longitude),
    distance: String(Math.round(clamp(search.distanceKm, 0.1, MAX_DISTANCE_KM) * 10) / 10),
    distanceunit: "KM",
  });
}

function retryAfterSeconds(response: Response): number | null {
  const value = response.headers.get("retry-after");
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function errorFor(response: Response): MapUpstreamError {
  const { status } = response;
  if (status === 401 || status === 403) {
    return new MapUpstreamError(
      "unauthorized",
      status,
      `map data API refused the key (HTTP ${status}); check MAP_API_KEY`,
    );
  }
  if (status === 429) {
    return new MapUpstreamError(
      "rate-limited",
      status,
      "map data API fair-use limit exceeded (HTTP 429)",
      retryAfterSeconds(response),
    );
  }
  return new MapUpstreamError("unavailable", status, `map data API answered HTTP ${status}`);
}

export function createMapDataClient(options: MapDataClientOptions): MapDataClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const log = options.log ?? ((line: MapCallLogLine) => logger("map").info("map data call", line));

  async function getJson(
    path: MapCallLogLine["path"],
    query: URLSearchParams,
  ): Promise<{ body: unknown; done: (extra?: Partial<MapCallLogLine>) => void }> {
    const started = Date.now();
    const finish = (status: number | null, outcome: MapCallLogLine["outcome"], extra: Partial<MapCallLogLine> = {}) =>
      log({ path, status, outcome, durationMs: Date.now() - started, ...extra });
    let response: Response;
    try {
      response = await options.fetch(`${baseUrl}${path}?${query.toString()}`, {
        method: "GET",
        headers: {
          "X-API-Key": options.apiKey,
          Accept: "application/json",
          "User-Agent": options.userAgent ?? DEFAULT_USER_AGENT,
        },
        signal: AbortSignal.timeout(timeoutMs),
        cache: "no-store",
      });
    } catch (error) {
      finish(null, "unavailable");
      const reason =
        error instanceof Error && error.name === "TimeoutError" ? `timed out after ${timeoutMs} ms` : "network error";
      throw new MapUpstreamError("unavailable", null, `map data API ${reason}`);
    }
    if (!response.ok) {
      const error = errorFor(response);
      await response.body?.cancel().catch(() => undefined);
      finish(response.status, error.kind);
      throw error;
    }
    try {
      const body: unknown = await response.json();
      return { body, done: (extra) => finish(response.status, "ok", extra) };
    } catch {
      finish(response.status, "unavailable");
      throw new MapUpstreamError("unavailable", response.status, "map data API sent a body that is not JSON");
    }
  }

  return {
    async searchPoints(search) {
      const { body, done } = await getJson("/v3/poi/", buildPoiQuery(search));
      const parsed = parsePoiList(body);
      if (!parsed)
        throw new MapUpstreamError("unavailable", 200, "map data API sent something other than a list of points");
      done({ results: parsed.points.length, dropped: parsed.dropped });
      return parsed.points;
    },
    async getReferenceData() {
      const { body, done } = await getJson("/v3/referencedata/", new URLSearchParams({ output: "json" }));
      const parsed = OcmReferenceData.safeParse(body);
      // An object without the lists (an error body, say) must not replace a good stored copy.
      if (!parsed.success || parsed.data.ConnectionTypes.length === 0 || parsed.data.StatusTypes.length === 0) {
        throw new MapUpstreamError("unavailable", 200, "map data API sent reference data in an unexpected shape");
      }
      done({ results: parsed.data.ConnectionTypes.length + parsed.data.Operators.length });
      return parsed.data;
    },
  };
}
