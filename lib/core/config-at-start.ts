import "server-only";
import { ConfigError, getConfig } from "@/lib/core/config";
import { logger } from "@/lib/core/log";

/**
 * Runs once when a portal process starts (instrumentation.ts), in the Node runtime: a bad or
 * incomplete configuration ends the process with every problem listed, instead of a portal that
 * serves pages and fails with a 500 at the first sign-in.
 */
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
