import "server-only";
import { createHmac } from "node:crypto";
import type { Database } from "@/lib/core/db/client";
// Types only: the live feature's public module loads the Next runtime, which this command's plain Node process cannot.
import type { CallbackCheckSupport, CallbackSettings, SubscriptionState } from "@/lib/features/live";
import type { PlatformClient } from "@/lib/platform/client";
import type { ProbeSamples } from "./probe";
import { SUBSCRIBE_COMMAND as SUBSCRIBE } from "./probes/notifications";
import type { CheckRow } from "./table";

/**
 * The callbacks' rows beside the notifications probes: the webhook key, the portal's subscription (stale or not), and
 * a signed self-test through the public callback URL, or a warning that it could not be reached from here.
 */
export interface CallbackCheckDeps {
  /** null on PGlite: its data directory is the running portal's alone, so the subscription record is not read. */
  db: (() => Promise<Database>) | null;
  settings: CallbackSettings;
  /** The portal's public URL (AUTH_URL), where the platform sends callbacks. */
  portalUrl: string | undefined;
  /** For the self-test: the network as the platform sees it. */
  fetch: typeof fetch;
  timeoutMs: number;
  /** The live feature's keys, subscription check and self-test kind (`callbackCheckSupport`). */
  live: CallbackCheckSupport;
}

const row = (check: string, result: CheckRow["result"], todo: string): CheckRow => ({ check, result, todo });

/** The contract pushes nothing: there is no subscription to check. */
export const NO_CALLBACKS_ROW = row(
  "callbacks",
  "info",
  "the contract has no notifications: pages poll, no receipts are mailed",
);

const SUBSCRIPTION_ROWS: Record<SubscriptionState, [CheckRow["result"], string]> = {
  ok: ["ok", "the kinds the portal reads, signed with a key it holds"],
  missing: ["warning", `none for this portal: pages poll and no receipts are mailed. Run ${SUBSCRIBE}`],
  kinds: ["warning", `other kinds than the portal reads (or several): run ${SUBSCRIBE}, which makes it anew`],
  unrecorded: ["warning", `made elsewhere, with a key the portal does not know: run ${SUBSCRIBE} -- --recreate`],
  stale: [
    "blocker",
    `made with a key the portal no longer has (PLATFORM_API_KEY changed): every callback is refused. Run ${SUBSCRIBE} -- --recreate`,
  ],
};

async function checkKey(db: Database, deps: CallbackCheckDeps): Promise<{ row: CheckRow; keys: string[] }> {
  const { settings, live } = deps;
  const keys = await live.webhookKeys(db, settings);
  if (!live.callbacksConfigured(settings))
    return { row: row("webhook key", "warning", "none: callbacks are off, pages poll, no receipts are mailed"), keys };
  if (keys.length === 0)
    return {
      row: row("webhook key", "blocker", `OAuth, and no subscription recorded its token yet: run ${SUBSCRIBE}`),
      keys,
    };
  const source =
    settings.configuredKey !== "" ? "the configured key" : "the OAuth token recorded by platform:subscribe";
  return { row: row("webhook key", "ok", `callbacks are checked with ${source}`), keys };
}

/** A signed body of the self-test kind to the public URL: 204 means reached, and the same key there. */
async function selfTest(callbackUrl: string, key: string, deps: CallbackCheckDeps): Promise<CheckRow> {
  const check = "callback self-test";
  const body = JSON.stringify({ notification: deps.live.selfTestKind, sentAt: new Date().toISOString() });
  const signature = createHmac("sha256", key).update(body).digest("hex");
  let status: number;
  try {
    const answer = await deps.fetch(callbackUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": signature },
      body,
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
    status = answer.status;
    await answer.body?.cancel();
  } catch {
    return row(
      check,
      "warning",
      `${callbackUrl} could not be reached from here; the platform must reach it: test it from outside (a 204 to a signed POST)`,
    );
  }
  if (status === 204) return row(check, "ok", `${callbackUrl} took a signed test callback (204)`);
  if (status === 401)
    return row(
      check,
      "blocker",
      `${callbackUrl} refuses callbacks signed with this configuration's key: the portal there has another key or database`,
    );
  if (status === 404)
    return row(
      check,
      "blocker",
      `${callbackUrl} takes no callbacks (404): the portal there runs without a webhook key or on the contract`,
    );
  return row(check, "warning", `${callbackUrl} answered ${status} to a signed test callback, not 204`);
}

/** Nothing when the subscriptions could not be listed: the notifications.list row says why and what to do. */
export async function callbackRows(
  platform: PlatformClient,
  samples: ProbeSamples,
  deps: CallbackCheckDeps,
): Promise<CheckRow[]> {
  if (samples.subscriptions === undefined) return [];
  if (deps.db === null)
    return [
      row(
        "subscription",
        "info",
        "not checked: the portal's PGlite database is open to the portal alone (set DATABASE_URL to check it here)",
      ),
    ];
  const db = await deps.db();
  const key = await checkKey(db, deps);
  const rows = [key.row];
  if (!deps.portalUrl)
    return [
      ...rows,
      row("subscription", "warning", "AUTH_URL is unset: which subscription is the portal's is unknown"),
    ];
  const found = await deps.live.checkSubscription(platform, db, deps.portalUrl, deps.settings);
  const [result, todo] = SUBSCRIPTION_ROWS[found.state];
  rows.push(
    row("subscription", result, found.state === "ok" ? `${found.mine[0]!.id} for ${found.callbackUrl}: ${todo}` : todo),
  );
  const [signingKey] = key.keys;
  if (signingKey === undefined) rows.push(row("callback self-test", "info", "not tried: no key to sign it with"));
  else rows.push(await selfTest(found.callbackUrl, signingKey, deps));
  return rows;
}
