import { createPlatformClient, type PlatformClient } from "@/lib/platform/client";
import { TEST_API_KEY } from "./platform-emulator-server";

// Apart from platform-emulator-server.ts: the client is server-only, which Playwright's loader refuses.
/** The portal's platform client for a running emulator, with the test key and no retries. */
export function platformClientFor(baseUrl: string, dialect: "contract" | "ampeco"): PlatformClient {
  return createPlatformClient({
    dialect,
    baseUrl,
    apiKey: TEST_API_KEY,
    timeoutMs: 5_000,
    maxRetries: 0,
    retryCapMs: 100,
    partnerId: 1116,
    userGroupId: 257,
  });
}
