// `npm start` runs this before it builds or serves (scripts/start.mjs): every configuration problem
// at once on stderr and exit 1, or the mode on stdout. The same rules run again when a portal
// process starts (instrumentation.ts), for deployments that run `next start` themselves.
import { ConfigError, loadConfig } from "@/lib/core/config";

try {
  const config = loadConfig(process.env);
  process.stdout.write(JSON.stringify({ demoMode: config.demoMode }));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`[start] the portal cannot start.\n${error.message}`);
  process.exit(1);
}
