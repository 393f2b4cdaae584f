// `npm run platform:subscribe [-- --url https://portal.example] [--recreate]`: subscribes this portal to the platform's
// notifications (ampeco), makes its subscription anew when it differs or its key changed (--recreate: always), records
// the key it is signed with, and lists the platform's subscriptions. A thin shell around lib/features/live/subscribe.ts.
import { ConfigError, getConfig } from "@/lib/core/config";
import { getDb } from "@/lib/core/db/client";
import { getPlatform } from "@/lib/platform";
import { isPlatformError } from "@/lib/platform/errors";
import { NoPlatformEventsError, subscribePortal } from "@/lib/features/live/subscribe";
import { callbackSettings } from "@/lib/features/live/webhook-keys";

const FOUND: Record<string, string> = {
  missing: "none yet",
  ok: "up to date",
  kinds: "other kinds than the portal reads",
  unrecorded: "made elsewhere, with a key the portal does not know",
  stale: "signed with a key the portal no longer has (PLATFORM_API_KEY changed)",
};

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const unknown = args.filter((a, i) => !["--url", "--recreate"].includes(a) && args[i - 1] !== "--url");
  if (unknown.length > 0) {
    process.stderr.write(
      `Unknown option ${unknown.join(" ")}. Usage: npm run platform:subscribe [-- --url URL] [--recreate]\n`,
    );
    return 2;
  }
  const urlAt = args.indexOf("--url");
  const portalUrl = urlAt >= 0 ? args[urlAt + 1] : getConfig().auth.url;
  if (!portalUrl || !/^https?:\/\//.test(portalUrl)) {
    process.stderr.write("Give the portal's public URL: AUTH_URL, or --url https://portal.example\n");
    return 2;
  }
  // PGlite takes one process per data directory: with the built-in database, the portal must be stopped.
  if (!getConfig().db.url)
    process.stderr.write(
      "The built-in PGlite database: run this while the portal is stopped (one process per data directory).\n",
    );
  const settings = callbackSettings();
  const outcome = await subscribePortal(getPlatform(), portalUrl, {
    db: await getDb(),
    settings,
    recreate: args.includes("--recreate"),
  });
  process.stdout.write(`Found: ${FOUND[outcome.found] ?? outcome.found}.\n`);
  process.stdout.write(
    `Subscription ${outcome.subscription.id} for ${outcome.subscription.callbackUrl}: ${outcome.action}` +
      `${outcome.action === "unchanged" ? "" : settings.oauth ? " (signed with the OAuth token that made it, now recorded)" : " (signed with PLATFORM_API_KEY)"}\n\n`,
  );
  process.stdout.write("The platform's subscriptions:\n");
  for (const s of outcome.all)
    process.stdout.write(`  ${s.id}  ${s.callbackUrl ?? "(not a webhook)"}  ${s.kinds.join(", ")}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof NoPlatformEventsError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    if (isPlatformError(error) && error.code === "forbidden") {
      process.stderr.write(
        "The platform refuses notifications to this token (403): give the token's admin the notifications right, then run this again. Until then the portal polls.\n",
      );
      process.exit(1);
    }
    process.stderr.write(`platform:subscribe failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
