import "server-only";
import { getConfig } from "@/lib/config";
import { createPlatformClient, type PlatformClient, type PlatformLogLine } from "./client";
import { embeddedPlatformFetch } from "./embedded";

export type { PlatformClient } from "./client";

const holder = globalThis as unknown as { __driverPortalPlatform?: PlatformClient };

function logCall(line: PlatformLogLine): void {
  const level = getConfig().logLevel;
  if (level === "silent" || level === "error" || level === "warn") return;
  console.info(`[platform] ${JSON.stringify(line)}`);
}

/**
 * The one way the portal talks to the platform: the configured platform, or the built-in
 * emulator in process when PLATFORM_BASE_URL is unset.
 */
export function getPlatform(): PlatformClient {
  if (!holder.__driverPortalPlatform) {
    const { platform } = getConfig();
    holder.__driverPortalPlatform = createPlatformClient({
      baseUrl: platform.baseUrl,
      apiKey: platform.apiKey,
      fetch: platform.embedded ? embeddedPlatformFetch : undefined,
      timeoutMs: platform.timeoutMs,
      maxRetries: platform.maxRetries,
      retryCapMs: platform.retryCapMs,
      partnerId: platform.partnerId,
      userGroupId: platform.userGroupId,
      pathOverrides: platform.pathOverrides,
      logger: logCall,
    });
  }
  return holder.__driverPortalPlatform;
}
