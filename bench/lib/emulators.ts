import { crc32, deflateSync } from "node:zlib";
import { serveFetchHandler, type RunningServer } from "@/emulators/http-adapter";
import { createMapEmulator, type MapEmulator } from "@/emulators/map";
import { createPlatformEmulator, type PlatformEmulator } from "@/emulators/platform";
import type { Interval } from "./stats";

/**
 * The platform and map data emulators, served over loopback from the bench process itself, so the
 * bench can drive their control APIs and read their counters directly. Every platform API call is
 * timed inside the server (from the handler's start to its answer): these intervals are the
 * upstream time the portal had to wait for.
 */

export interface UpstreamCall extends Interval {
  method: string;
  path: string;
  status: number;
}

export const PLATFORM_KEY = "bench-platform-key";
export const MAP_KEY = "bench-map-key";

/**
 * A plain 256×256 map tile (light grey PNG): tiles come from loopback, so nothing leaves the
 * machine during Lighthouse, and at the size Leaflet draws them (a 1×1 stand-in would cost the map
 * page Lighthouse's "low resolution image" audit for nothing).
 */
function greyTile(size = 256): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const row = Buffer.alloc(size + 1, 0xe5);
  row[0] = 0; // filter: none
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
const TILE = greyTile();

export interface BenchUpstreams {
  platform: PlatformEmulator;
  map: MapEmulator;
  platformUrl: string;
  mapUrl: string;
  tileUrl: string;
  /** Platform API calls recorded since the last `takeCalls()`. */
  takeCalls(): UpstreamCall[];
  /** In-process call of the platform's control API (`/__emulator/...`) or API (`/public-api/...`). */
  call(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }>;
  close(): Promise<void>;
}

export interface UpstreamOptions {
  /** Default `contract`; the live phase needs `ampeco`, the dialect with callbacks. */
  dialect?: "contract" | "ampeco";
  /** ampeco: how often the emulator looks at running sessions by itself; 0 leaves it to the caller. */
  notificationTickMs?: number;
  /** ampeco: tries per callback (the emulator's default 5). */
  webhookAttempts?: number;
}

export async function startUpstreams(options: UpstreamOptions = {}): Promise<BenchUpstreams> {
  // The load phase sends thousands of calls a minute: the emulator's default 6000/min would 429.
  const platform = createPlatformEmulator({
    dialect: options.dialect ?? "contract",
    ...(options.notificationTickMs === undefined ? {} : { notificationTickMs: options.notificationTickMs }),
    ...(options.webhookAttempts === undefined
      ? {}
      : { settings: { webhookDelivery: { attempts: options.webhookAttempts } } }),
    apiKey: PLATFORM_KEY,
    readOnlyKey: `${PLATFORM_KEY}-ro`,
    voucherDelayMs: 0,
    rateLimit: { limit: 1_000_000_000, windowMs: 60_000 },
  });
  const map = createMapEmulator({ apiKey: MAP_KEY });
  let calls: UpstreamCall[] = [];

  const timedPlatform = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (!url.pathname.startsWith("/public-api/")) return platform.handle(request);
    const start = performance.now();
    const response = await platform.handle(request);
    calls.push({
      method: request.method,
      path: `${url.pathname}${url.search}`,
      status: response.status,
      start,
      end: performance.now(),
    });
    return response;
  };
  const tiles = async (request: Request): Promise<Response> =>
    /\/\d+\/\d+\/\d+\.png$/.test(new URL(request.url).pathname)
      ? new Response(new Uint8Array(TILE), {
          status: 200,
          headers: { "content-type": "image/png", "cache-control": "max-age=86400" },
        })
      : new Response("not found", { status: 404 });

  const servers: RunningServer[] = await Promise.all([
    serveFetchHandler(timedPlatform, { port: 0 }),
    serveFetchHandler(map.handle, { port: 0 }),
    serveFetchHandler(tiles, { port: 0 }),
  ]);
  const [platformServer, mapServer, tileServer] = servers as [RunningServer, RunningServer, RunningServer];

  return {
    platform,
    map,
    platformUrl: platformServer.url,
    mapUrl: mapServer.url,
    tileUrl: `${tileServer.url}/{z}/{x}/{y}.png`,
    takeCalls() {
      const taken = calls;
      calls = [];
      return taken;
    },
    async call(method, path, body) {
      const response = await platform.handle(
        new Request(`http://bench.internal${path}`, {
          method,
          headers: {
            authorization: `Bearer ${PLATFORM_KEY}`,
            accept: "application/json",
            "content-type": "application/json",
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
      const text = await response.text();
      return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
    },
    close: async () => {
      platform.stop();
      await Promise.all(servers.map((s) => s.close()));
    },
  };
}

/** The settings that point a portal at these emulators, as every portal the bench starts needs them. */
export function upstreamEnv(ups: BenchUpstreams): Record<string, string> {
  return {
    PLATFORM_BASE_URL: ups.platformUrl,
    PLATFORM_API_KEY: PLATFORM_KEY,
    MAP_BASE_URL: ups.mapUrl,
    MAP_API_KEY: MAP_KEY,
    MAP_TILE_URL: ups.tileUrl,
    // External emulators are not the built-in platform: demo mode keeps the outbox the sign-ins read.
    DEMO_MODE: "true",
  };
}
