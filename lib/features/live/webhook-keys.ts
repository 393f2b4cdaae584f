import "server-only";
import { createHash } from "node:crypto";
import { eq, isNotNull } from "drizzle-orm";
import { getConfig } from "@/lib/core/config";
import type { Database } from "@/lib/core/db/client";
import { platformSubscriptions } from "@/lib/core/db/schema";

/**
 * The keys callbacks are checked with: the configured key (`PLATFORM_WEBHOOK_SECRET`, else `PLATFORM_API_KEY`) and
 * the OAuth tokens `npm run platform:subscribe` recorded with the subscriptions they made (docs/design-notes.md).
 */
export interface CallbackSettings {
  dialect: "contract" | "ampeco";
  /** The static key the platform signs with when it made the subscription with it; "" without one. */
  configuredKey: string;
  /** Client credentials: subscriptions are made with a short-lived token, recorded as their key. */
  oauth: boolean;
}

export function callbackSettings(): CallbackSettings {
  const { platform } = getConfig();
  return { dialect: platform.dialect, configuredKey: platform.webhookKey, oauth: platform.oauth !== undefined };
}

/** Callbacks can be taken at all: the ampeco dialect, with a static key or with OAuth (whose key is recorded). */
export function callbacksConfigured(settings: CallbackSettings = callbackSettings()): boolean {
  return settings.dialect === "ampeco" && (settings.configuredKey !== "" || settings.oauth);
}

/** A key's fingerprint: enough to tell that the key changed, never enough to sign. */
export function keyFingerprint(key: string): string {
  return createHash("sha256").update(`driver-portal webhook key\n${key}`).digest("hex").slice(0, 16);
}

/** Every key a callback may be signed with, the configured one first. */
export async function webhookKeys(db: Database, settings: CallbackSettings = callbackSettings()): Promise<string[]> {
  const recorded = await db
    .select({ key: platformSubscriptions.signingKey })
    .from(platformSubscriptions)
    .where(isNotNull(platformSubscriptions.signingKey));
  const keys = [settings.configuredKey, ...recorded.map((row) => row.key ?? "")].filter((key) => key !== "");
  return [...new Set(keys)];
}

export type SubscriptionRecord = typeof platformSubscriptions.$inferSelect;

export async function recordedSubscription(db: Database, callbackUrl: string): Promise<SubscriptionRecord | null> {
  const [row] = await db
    .select()
    .from(platformSubscriptions)
    .where(eq(platformSubscriptions.callbackUrl, callbackUrl))
    .limit(1);
  return row ?? null;
}

/** Records what a new subscription is signed with: a static key by its fingerprint, an OAuth token itself. */
export async function recordSubscription(
  db: Database,
  entry: { callbackUrl: string; subscriptionId: number; kinds: readonly string[]; signingKey: string },
  settings: CallbackSettings,
): Promise<void> {
  const row = {
    callbackUrl: entry.callbackUrl,
    subscriptionId: entry.subscriptionId,
    kinds: [...entry.kinds].sort().join(","),
    keyFingerprint: keyFingerprint(entry.signingKey),
    // Under OAuth every call carries a token, so the signing key is one; a static key stays in the environment.
    signingKey: settings.oauth ? entry.signingKey : null,
    createdAt: new Date(),
  };
  await db
    .insert(platformSubscriptions)
    .values(row)
    .onConflictDoUpdate({ target: platformSubscriptions.callbackUrl, set: row });
}
