// `npm start` runs this before it builds or serves (scripts/start.mjs): every configuration problem
// at once on stderr and exit 1, or the mode on stdout. The same rules run again when a portal
// process starts (instrumentation.ts), for deployments that run `next start` themselves.
import { ConfigError, loadConfig } from "@/lib/core/config";
import { NOTIFICATION_KINDS } from "@/lib/platform/notification-types";

try {
  const config = loadConfig(process.env);
  // The embedded ampeco emulator calls back like a tenant; `npm start` subscribes the portal once it serves.
  const demoPush =
    config.platform.embedded && config.emulator.dialect === "ampeco" && config.emulator.push
      ? { apiKey: config.emulator.apiKey, kinds: NOTIFICATION_KINDS }
      : null;
  process.stdout.write(JSON.stringify({ demoMode: config.demoMode, demoPush }));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`[start] the portal cannot start.\n${error.message}`);
  process.exit(1);
}
