// `npm run emulator`: the built-in platform and map data emulators as standalone HTTP servers,
// for tools and tests that want to talk to them over real HTTP.
import { getConfig } from "@/lib/core/config";
import { serveFetchHandler } from "@/emulators/http-adapter";
import { createPlatformEmulator } from "@/emulators/platform";
import { createMapEmulator } from "@/emulators/map";

async function main() {
  const { emulator } = getConfig();
  const platform = createPlatformEmulator({
    dialect: emulator.dialect,
    oauthClient: emulator.dialect === "ampeco" ? emulator.oauthClient : undefined,
    apiKey: emulator.apiKey,
    readOnlyKey: emulator.readOnlyKey,
    voucherDelayMs: emulator.voucherDelayMs,
    rateLimit: emulator.rateLimit,
    seedLocations: emulator.seedLocations,
  });
  const map = createMapEmulator({ apiKey: emulator.mapKey });
  const [platformServer, mapServer] = await Promise.all([
    serveFetchHandler(platform.handle, { port: emulator.port }),
    serveFetchHandler(map.handle, { port: emulator.mapPort }),
  ]);
  console.log(
    `Platform emulator (${emulator.dialect} dialect): ${platformServer.url}/public-api  (key "${emulator.apiKey}", read-only key "${emulator.readOnlyKey}")`,
  );
  console.log(`Platform emulator control API: ${platformServer.url}/__emulator/…`);
  console.log(`Map data emulator: ${mapServer.url}/v3/poi/  (key "${emulator.mapKey}")`);
  const stop = async () => {
    await Promise.all([platformServer.close(), mapServer.close()]);
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
