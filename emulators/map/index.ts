import { getMapDataset } from "./dataset";
import { parsePoiQuery } from "./query";
import { searchPoints } from "./search";
import { createSerializer } from "./serialize";

/**
 * Map data emulator: `/v3/poi/` and `/v3/referencedata/` as the Open Charge Map API answers them
 * (shared/reference/map-data-api-facts.md), over the shipped real points plus a generated demo set.
 * One Fetch-style handler, run in process by the portal (embedded mode) or over HTTP by
 * `serveFetchHandler` (standalone, tests). No `server-only`: it also runs under tsx.
 *
 * Keys: missing → 401 (as the spec says), wrong → 403 plain text `REJECTED_APIKEY_INVALID` (as the
 * real edge worker). The `key` query parameter wins over the `X-API-Key` header.
 *
 * Control surface for tests, under `/__emulator/` (no key needed):
 * - `PUT /__emulator/faults` `{status, times?, retryAfterSeconds?, path?: "poi"|"referencedata"}`:
 *   the next `times` API calls (all, if omitted) answer `status` instead; `DELETE` clears it.
 * - `GET /__emulator/stats`: `{poi, referencedata}` calls received (faulted ones included).
 * - `POST /__emulator/reset`: clears faults and counters.
 */

export interface MapEmulatorOptions {
  apiKey: string;
  now?: () => Date;
}

export interface MapEmulatorFault {
  status: number;
  /** How many calls fail; Infinity (the default) until cleared. */
  times?: number;
  retryAfterSeconds?: number;
  /** Only this endpoint fails; both when omitted. */
  path?: "poi" | "referencedata";
}

export interface MapEmulatorStats {
  poi: number;
  referencedata: number;
}

export interface MapEmulator {
  handle(request: Request): Promise<Response>;
  setFault(fault: MapEmulatorFault | null): void;
  stats(): MapEmulatorStats;
  reset(): void;
}

const MISSING_KEY_VALUES = new Set(["", "test", "null"]);

function text(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", ...headers } });
}

function json(status: number, body: unknown, pretty = false): Response {
  return new Response(pretty ? JSON.stringify(body, null, 2) : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}

function presentedKey(request: Request, url: URL): string | null {
  let query: string | null = null;
  for (const [name, value] of url.searchParams)
    if (name.toLowerCase() === "key" && query === null) query = value.trim();
  const header = request.headers.get("x-api-key")?.trim() ?? null;
  for (const candidate of [query, header]) {
    if (candidate !== null && !MISSING_KEY_VALUES.has(candidate.toLowerCase())) return candidate;
  }
  return null;
}

function faultResponse(fault: MapEmulatorFault): Response {
  const headers: Record<string, string> =
    fault.retryAfterSeconds !== undefined ? { "retry-after": String(fault.retryAfterSeconds) } : {};
  if (fault.status === 401) return text(401, "REJECTED_APIKEY_MISSING", headers);
  if (fault.status === 403) return text(403, "REJECTED_APIKEY_INVALID", headers);
  if (fault.status === 429) return text(429, "Too many requests: fair-use limit exceeded.", headers);
  return new Response(JSON.stringify({ status: "error", description: `Emulated failure (HTTP ${fault.status}).` }), {
    status: fault.status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

function parseFault(body: unknown): MapEmulatorFault | null {
  if (typeof body !== "object" || body === null) return null;
  const { status, times, retryAfterSeconds, path } = body as Record<string, unknown>;
  if (typeof status !== "number" || !Number.isInteger(status) || status < 400 || status > 599) return null;
  if (times !== undefined && (typeof times !== "number" || times < 1)) return null;
  if (retryAfterSeconds !== undefined && (typeof retryAfterSeconds !== "number" || retryAfterSeconds < 0)) return null;
  if (path !== undefined && path !== "poi" && path !== "referencedata") return null;
  return { status, times: times ?? Infinity, retryAfterSeconds, path };
}

export function createMapEmulator(options: MapEmulatorOptions): MapEmulator {
  const now = options.now ?? (() => new Date());
  const dataset = getMapDataset();
  const serializer = createSerializer(dataset.reference, now);
  let fault: (MapEmulatorFault & { remaining: number }) | null = null;
  const counters: MapEmulatorStats = { poi: 0, referencedata: 0 };

  async function control(request: Request, url: URL): Promise<Response> {
    const path = url.pathname.replace(/\/+$/, "");
    if (path === "/__emulator/faults" && request.method === "PUT") {
      const parsed = parseFault(await request.json().catch(() => null));
      if (!parsed)
        return json(400, {
          message: "Expected {status: 400–599, times?: ≥1, retryAfterSeconds?: ≥0, path?: 'poi'|'referencedata'}.",
        });
      fault = { ...parsed, remaining: parsed.times ?? Infinity };
      return json(200, { ok: true });
    }
    if (path === "/__emulator/faults" && request.method === "DELETE") {
      fault = null;
      return json(200, { ok: true });
    }
    if (path === "/__emulator/stats" && request.method === "GET") return json(200, counters);
    if (path === "/__emulator/reset" && request.method === "POST") {
      fault = null;
      counters.poi = 0;
      counters.referencedata = 0;
      return json(200, { ok: true });
    }
    return json(404, { message: "Unknown emulator control." });
  }

  function takeFault(endpoint: "poi" | "referencedata"): MapEmulatorFault | null {
    if (!fault || (fault.path && fault.path !== endpoint)) return null;
    const active = fault;
    active.remaining -= 1;
    if (active.remaining <= 0) fault = null;
    return active;
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/__emulator/")) return control(request, url);

    const path = url.pathname.toLowerCase();
    // Routing as the real handler: any path containing /poi or /referencedata, version required.
    const endpoint = path.includes("/referencedata") ? "referencedata" : path.includes("/poi") ? "poi" : null;
    if (!endpoint) return text(404, "Not found.");
    if (!/\/v[234]\//.test(`${path}/`))
      return json(400, { status: "error", description: "mandatory API Version not specified in request" });
    if (request.method !== "GET" && request.method !== "HEAD")
      return text(405, "Method not allowed.", { allow: "GET, HEAD" });

    counters[endpoint] += 1;
    const failure = takeFault(endpoint);
    if (failure) return faultResponse(failure);

    const key = presentedKey(request, url);
    if (key === null)
      return text(401, "You must specify an API key using the key query parameter or x-api-key header.");
    if (key !== options.apiKey) return text(403, "REJECTED_APIKEY_INVALID");

    if (endpoint === "referencedata") {
      return new Response(dataset.referenceJson, {
        status: 200,
        headers: { "content-type": "application/json; charset=utf-8" },
      });
    }
    const query = parsePoiQuery(url.searchParams);
    if (query.output !== "json") return text(400, "This emulator answers output=json only.");
    const hits = searchPoints(dataset.points, query, dataset.reference);
    // The real server writes compact output unindented and the rest indented.
    return json(
      200,
      hits.map((hit) => serializer.serialize(hit, query)),
      !query.compact,
    );
  }

  return {
    handle,
    setFault(next) {
      fault = next ? { ...next, remaining: next.times ?? Infinity } : null;
    },
    stats: () => ({ ...counters }),
    reset() {
      fault = null;
      counters.poi = 0;
      counters.referencedata = 0;
    },
  };
}

export { DEMO_ID_BASE, DEMO_TITLE_PREFIX } from "./demo-points";
