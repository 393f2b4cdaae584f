// `npm run platform:check`: is this portal's platform (and map data) configuration ready to go live?
// A thin shell around lib/features/platform-check/command.ts: configuration in, a table and an exit code out.
import { createInterface } from "node:readline/promises";
import { ConfigError, getConfig } from "@/lib/core/config";
import { createMapEmulator } from "@/emulators/map";
import { createMapDataClient } from "@/lib/features/map/ocm-client";
import { getDb } from "@/lib/core/db/client";
// The live modules the check needs, not its public module: that loads the Next runtime, which this process has not.
import { callbackCheckSupport } from "@/lib/features/live/callback-check";
import { callbackSettings } from "@/lib/features/live/webhook-keys";
import { getPlatform } from "@/lib/platform";
import { embeddedPlatformFetch } from "@/lib/platform/embedded";
import { platformCheckCommand } from "@/lib/features/platform-check/command";

async function ask(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await prompt.question(question)).trim());
  } finally {
    prompt.close();
  }
}

async function main(): Promise<number> {
  const { platform, map } = getConfig();
  const mapEmulator = map.embedded ? createMapEmulator({ apiKey: map.apiKey }) : null;
  return platformCheckCommand(process.argv.slice(2), {
    target: {
      dialect: platform.dialect,
      baseUrl: platform.baseUrl,
      apiKey: platform.apiKey,
      oauth: platform.oauth,
      partnerId: platform.partnerId,
      userGroupId: platform.userGroupId,
      currency: platform.currency,
      pathOverrides: platform.dialect === "contract" ? platform.pathOverrides : undefined,
      fetch: platform.embedded ? embeddedPlatformFetch : fetch,
      timeoutMs: platform.timeoutMs,
      now: Date.now,
      embedded: platform.embedded,
    },
    map: {
      embedded: map.embedded,
      client: createMapDataClient({
        baseUrl: map.baseUrl,
        apiKey: map.apiKey,
        fetch: mapEmulator ? (input, init) => mapEmulator.handle(new Request(input, init)) : fetch,
      }),
    },
    platform: getPlatform,
    callbacks: {
      // PGlite takes one process per data directory: the portal's (README, "Going live").
      db: getConfig().db.url ? getDb : null,
      settings: callbackSettings(),
      portalUrl: getConfig().auth.url,
      fetch,
      timeoutMs: platform.timeoutMs,
      live: callbackCheckSupport,
    },
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    confirm: process.stdin.isTTY ? ask : null,
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A clear line, never a stack trace: this is read by an operator, not a developer.
    const message =
      error instanceof ConfigError ? error.message : error instanceof Error ? error.message : String(error);
    process.stderr.write(`platform:check could not run: ${message}\n`);
    process.exit(2);
  },
);
