import "server-only";
import { getConfig } from "@/lib/core/config";
import { createPlatformClient, type PlatformClient } from "./client";
import { recordDeprecation } from "./deprecations";
import { embeddedPlatformFetch } from "./embedded";
import type { PlatformLogLine } from "./logging";
import { logger } from "@/lib/core/log";

const holder = globalThis as unknown as { __driverPortalPlatform?: PlatformClient };

function logCall(line: PlatformLogLine): void {
  logger("platform").info("platform call", line);
}

/**
 * The one way the portal talks to the platform: the configured platform, or the built-in
 * emulator in process when PLATFORM_BASE_URL is unset.
 */
export function getPlatform(): PlatformClient {
  if (!holder.__driverPortalPlatform) {
    const { platform } = getConfig();
    holder.__driverPortalPlatform = createPlatformClient({
      dialect: platform.dialect,
      currency: platform.currency,
      timeZone: platform.timeZone,
      // Under ampeco only (config refuses it otherwise); the embedded emulator knows the same client.
      oauth: platform.oauth,
      onDeprecation: (notice) => recordDeprecation(notice),
      baseUrl: platform.baseUrl,
      apiKey: platform.apiKey,
      fetch: platform.embedded ? embeddedPlatformFetch : undefined,
      timeoutMs: platform.timeoutMs,
      maxRetries: platform.maxRetries,
      retryCapMs: platform.retryCapMs,
      partnerId: platform.partnerId,
      userGroupId: platform.userGroupId,
      pathOverrides: platform.dialect === "contract" ? platform.pathOverrides : undefined,
      logger: logCall,
    });
  }
  return holder.__driverPortalPlatform;
}
