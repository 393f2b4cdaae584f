import "server-only";
import path from "node:path";
import { getConfig } from "@/lib/core/config";
import { createPlatformEmulator, type PlatformEmulator } from "@/emulators/platform";
import { logger } from "@/lib/core/log";

/**
 * The built-in platform emulator running inside the portal process (embedded default, demo mode).
 * Its state is a file under the data directory, so demo data survives a restart.
 */
/** `next dev` without AUTH_URL; `npm start` and the tests always set it. */
const DEV_ORIGIN = "http://localhost:3000";

const holder = globalThis as unknown as { __driverPortalPlatformEmulator?: PlatformEmulator };

export function getEmbeddedPlatformEmulator(): PlatformEmulator {
  if (!holder.__driverPortalPlatformEmulator) {
    const { emulator, auth } = getConfig();
    holder.__driverPortalPlatformEmulator = createPlatformEmulator({
      dialect: emulator.dialect,
      oauthClient: emulator.dialect === "ampeco" ? emulator.oauthClient : undefined,
      apiKey: emulator.apiKey,
      readOnlyKey: emulator.readOnlyKey,
      stateFile: path.resolve(emulator.stateFile),
      voucherDelayMs: emulator.voucherDelayMs,
      rateLimit: emulator.rateLimit,
      seedLocations: emulator.seedLocations,
      // Export links (ampeco) must open in the driver's browser: through the demo bridge of this portal.
      downloadOrigin: new URL("/api/emulator", auth.url ?? DEV_ORIGIN).href,
    });
    logger("demo").info(`platform: built-in emulator in process (demo data, ${emulator.dialect} dialect)`);
  }
  return holder.__driverPortalPlatformEmulator;
}

/**
 * A `fetch` that hands the request to the in-process emulator instead of the network. It honours
 * the abort signal like a real fetch, so the client's timeout and retry logic behave the same.
 */
export const embeddedPlatformFetch: typeof fetch = (input, init) => {
  const request = new Request(input, init);
  const signal = init?.signal ?? null;
  if (signal?.aborted) return Promise.reject(signal.reason ?? new DOMException("Aborted", "AbortError"));
  const answer = getEmbeddedPlatformEmulator().handle(request);
  if (!signal) return answer;
  return new Promise<Response>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new DOMException("Aborted", "AbortError"));
    signal.addEventListener("abort", onAbort, { once: true });
    answer.then(
      (response) => {
        signal.removeEventListener("abort", onAbort);
        resolve(response);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
};
