import "server-only";
import type { NotificationSubscription } from "@/lib/platform/apis";
import type { PlatformClient } from "@/lib/platform/client";
import { NOTIFICATION_KINDS } from "@/lib/platform/notification-types";

/** `npm run platform:subscribe`: the subscription for this portal's callback URL holds exactly the kinds it reads. */
export class NoPlatformEventsError extends Error {
  constructor() {
    super("This platform dialect has no notifications (the contract's): the portal polls instead.");
    this.name = "NoPlatformEventsError";
  }
}

export const CALLBACK_PATH = "/api/platform/callbacks";

export interface SubscribeOutcome {
  action: "created" | "updated" | "unchanged";
  subscription: NotificationSubscription;
  all: NotificationSubscription[];
}

const sameKinds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

export async function subscribePortal(platform: PlatformClient, portalUrl: string): Promise<SubscribeOutcome> {
  const api = platform.notifications;
  if (!api) throw new NoPlatformEventsError();
  const callbackUrl = new URL(CALLBACK_PATH, portalUrl).href;
  const existing = (await api.listSubscriptions()).find((s) => s.callbackUrl === callbackUrl);
  let action: SubscribeOutcome["action"];
  let subscription: NotificationSubscription;
  if (!existing) {
    subscription = await api.subscribe(NOTIFICATION_KINDS, callbackUrl);
    action = "created";
  } else if (!sameKinds(existing.kinds, NOTIFICATION_KINDS)) {
    subscription = await api.updateSubscription(existing.id, NOTIFICATION_KINDS, callbackUrl);
    action = "updated";
  } else {
    subscription = existing;
    action = "unchanged";
  }
  return { action, subscription, all: await api.listSubscriptions() };
}
