import "server-only";
import { found, NO_SUCH_ID, reachedWithout, refusedWrite, type Probe } from "../probe";

/**
 * Notifications v2.0 (ampeco): the subscriptions behind live updates. A first reading of each call; issue 34's other
 * half adds the webhook's own rows (its key, a signed self-test) and replaces these where it checks more.
 */
export const NOTIFICATION_PROBES: Probe[] = [
  {
    endpoint: "notifications.list",
    feature: "live updates (npm run platform:subscribe)",
    async run({ platform, samples }) {
      const subscriptions = (await platform.notifications?.listSubscriptions()) ?? [];
      samples.subscriptionId = subscriptions[0]?.id;
      return found(`lists ${subscriptions.length} subscription(s)`);
    },
  },
  {
    endpoint: "notifications.subscribe",
    feature: "live updates (npm run platform:subscribe)",
    run: ({ requester }) => refusedWrite(requester, { endpoint: "notifications.subscribe", body: {} }),
  },
  {
    endpoint: "notifications.update",
    feature: "changing the kinds or the address of the subscription",
    // A real subscription is never touched: only one that cannot exist.
    run: ({ requester }) =>
      reachedWithout(() =>
        requester.request({ endpoint: "notifications.update", params: { id: NO_SUCH_ID }, body: {} }),
      ),
  },
];
