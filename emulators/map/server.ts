import { serveFetchHandler, type RunningServer } from "../http-adapter";
import { createMapEmulator, type MapEmulator } from "./index";

/**
 * The map data emulator over real HTTP, for `npm run emulator` (EMULATOR_MAP_PORT, default 4020;
 * key EMULATOR_MAP_KEY, default `demo-map-key`) and for tests (port 0 picks a free one).
 * Point the portal at it with MAP_BASE_URL=<url> and MAP_API_KEY=<key>.
 */
export async function startMapEmulatorServer(options: {
  port: number;
  apiKey: string;
  host?: string;
  now?: () => Date;
}): Promise<RunningServer & { emulator: MapEmulator }> {
  const emulator = createMapEmulator({ apiKey: options.apiKey, now: options.now });
  const running = await serveFetchHandler((request) => emulator.handle(request), {
    port: options.port,
    host: options.host,
  });
  return { ...running, emulator };
}
