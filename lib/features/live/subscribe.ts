import "server-only";
import type { Database } from "@/lib/core/db/client";
import type { NotificationSubscription } from "@/lib/platform/apis";
import type { PlatformClient } from "@/lib/platform/client";
import { NOTIFICATION_KINDS } from "@/lib/platform/notification-types";
import {
  keyFingerprint,
  recordedSubscription,
  recordSubscription,
  type CallbackSettings,
  type SubscriptionRecord,
} from "./webhook-keys";

/**
 * `npm run platform:subscribe`: one subscription for this portal's callback URL, the kinds it reads, a key it holds;
 * one that differs is made anew, never updated (docs/design-notes.md#libfeatureslive).
 */
export class NoPlatformEventsError extends Error {
  constructor() {
    super("This platform dialect has no notifications (the contract's): the portal polls instead.");
    this.name = "NoPlatformEventsError";
  }
}

export const CALLBACK_PATH = "/api/platform/callbacks";

export const callbackUrlOf = (portalUrl: string) => new URL(CALLBACK_PATH, portalUrl).href;

/** How the portal's subscription stands, and what `platform:subscribe` does about it. */
export type SubscriptionState =
  /** None for this URL: create one. */
  | "missing"
  /** One, with the kinds the portal reads and a key it holds. */
  | "ok"
  /** Other kinds than the portal reads, or several for the URL: made anew. */
  | "kinds"
  /** Made elsewhere (or before the portal kept records): its key is unknown, so made anew. */
  | "unrecorded"
  /** Made with a key the portal no longer has (a rotated PLATFORM_API_KEY): every callback would be refused. */
  | "stale";

export interface SubscriptionCheck {
  state: SubscriptionState;
  callbackUrl: string;
  /** The platform's subscriptions for this URL (more than one only by mistake). */
  mine: NotificationSubscription[];
  all: NotificationSubscription[];
}

const sameKinds = (a: readonly string[], b: readonly string[]) => [...a].sort().join() === [...b].sort().join();

function stateOf(mine: NotificationSubscription[], record: SubscriptionRecord | null, settings: CallbackSettings) {
  const [only] = mine;
  if (!only) return "missing";
  if (mine.length > 1 || !sameKinds(only.kinds, NOTIFICATION_KINDS)) return "kinds";
  if (!record || record.subscriptionId !== only.id) return "unrecorded";
  // An OAuth-made subscription keeps signing with its recorded token; a static key must still be the one in use.
  if (record.signingKey !== null) return "ok";
  const current = settings.configuredKey;
  return current !== "" && keyFingerprint(current) === record.keyFingerprint ? "ok" : "stale";
}

export async function checkSubscription(
  platform: PlatformClient,
  db: Database,
  portalUrl: string,
  settings: CallbackSettings,
): Promise<SubscriptionCheck> {
  const api = platform.notifications;
  if (!api) throw new NoPlatformEventsError();
  const callbackUrl = callbackUrlOf(portalUrl);
  const all = await api.listSubscriptions();
  const mine = all.filter((s) => s.callbackUrl === callbackUrl);
  const state = stateOf(mine, await recordedSubscription(db, callbackUrl), settings);
  return { state, callbackUrl, mine, all };
}

export interface SubscribeOutcome {
  /** `recreated`: the old one(s) removed first; `unchanged`: it was fine. */
  action: "created" | "recreated" | "unchanged";
  /** What was found before anything was done. */
  found: SubscriptionState;
  subscription: NotificationSubscription;
  all: NotificationSubscription[];
}

/** Brings the portal's subscription to "ok"; `recreate` makes it anew even then (after a key rotation, to be sure). */
export async function subscribePortal(
  platform: PlatformClient,
  portalUrl: string,
  deps: { db: Database; settings: CallbackSettings; recreate?: boolean },
): Promise<SubscribeOutcome> {
  const check = await checkSubscription(platform, deps.db, portalUrl, deps.settings);
  const api = platform.notifications!;
  const [current] = check.mine;
  if (check.state === "ok" && current && !deps.recreate)
    return { action: "unchanged", found: check.state, subscription: current, all: check.all };
  // The new one first, so no change goes unreported; a callback both send is taken once (same body).
  const { subscription, signingKey } = await api.subscribe(NOTIFICATION_KINDS, check.callbackUrl);
  await recordSubscription(
    deps.db,
    { callbackUrl: check.callbackUrl, subscriptionId: subscription.id, kinds: subscription.kinds, signingKey },
    deps.settings,
  );
  for (const old of check.mine) await api.unsubscribe(old.id);
  return {
    action: check.mine.length > 0 ? "recreated" : "created",
    found: check.state,
    subscription,
    all: await api.listSubscriptions(),
  };
}
