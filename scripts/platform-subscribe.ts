// `npm run platform:subscribe [-- --url https://portal.example]`: subscribes this portal to the platform's
// notifications (ampeco), or brings its subscription up to date, and lists the platform's subscriptions.
// A thin shell around lib/features/live/subscribe.ts.
import { ConfigError, getConfig } from "@/lib/core/config";
import { getPlatform } from "@/lib/platform";
import { NoPlatformEventsError, subscribePortal } from "@/lib/features/live/subscribe";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const urlAt = args.indexOf("--url");
  const portalUrl = urlAt >= 0 ? args[urlAt + 1] : getConfig().auth.url;
  if (!portalUrl || !/^https?:\/\//.test(portalUrl)) {
    process.stderr.write("Give the portal's public URL: AUTH_URL, or --url https://portal.example\n");
    return 2;
  }
  const outcome = await subscribePortal(getPlatform(), portalUrl);
  process.stdout.write(
    `Subscription ${outcome.subscription.id} for ${outcome.subscription.callbackUrl}: ${outcome.action}\n\n`,
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
    process.stderr.write(`platform:subscribe failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
