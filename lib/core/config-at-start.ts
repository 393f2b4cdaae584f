import "server-only";
import { ConfigError, getConfig } from "@/lib/core/config";
import { logger } from "@/lib/core/log";

/** At process start: a bad configuration exits with every problem listed, instead of failing at the first sign-in. */
export function exitOnInvalidConfig(): void {
  try {
    const config = getConfig();
    if (config.demoMode)
      logger("config").info("demo mode: built-in emulators, demo mail at /dev/mailbox, demo data only");
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // Not the server logger: it is configured from the very configuration that just failed.
    // eslint-disable-next-line no-console
    console.error(`[config] the portal cannot start.\n${error.message}`);
    process.exit(1);
  }
}
