import "server-only";
import { isPlatformError } from "@/lib/platform/errors";
import { found, NO_SUCH_ID, problem, reachedWithout, refusedWrite, type Probe } from "../probe";

/**
 * Notifications v2.0 (ampeco): the subscriptions behind live updates and receipts. The webhook key, the portal's own
 * subscription and a signed self-test are rows of their own (../callback-rows.ts).
 */
export const SUBSCRIBE_COMMAND = "npm run platform:subscribe";
const FEATURE = `live updates and receipts (${SUBSCRIBE_COMMAND})`;

export const NOTIFICATION_PROBES: Probe[] = [
  {
    endpoint: "notifications.list",
    feature: FEATURE,
    async run({ platform, samples }) {
      try {
        samples.subscriptions = (await platform.notifications?.listSubscriptions()) ?? [];
      } catch (error) {
        if (!isPlatformError(error) || error.code !== "forbidden") throw error;
        return problem(
          "blocker",
          `403: the token's admin lacks the notifications right, so no callbacks: pages poll, no receipts are mailed. Give the right, then run ${SUBSCRIBE_COMMAND}`,
        );
      }
      return found(`readable (${samples.subscriptions.length} subscription(s))`);
    },
  },
  {
    endpoint: "notifications.subscribe",
    feature: FEATURE,
    run: ({ requester }) => refusedWrite(requester, { endpoint: "notifications.subscribe", body: {} }),
  },
  {
    endpoint: "notifications.unsubscribe",
    feature: `making the subscription anew (${SUBSCRIBE_COMMAND} -- --recreate)`,
    // A real subscription is never touched: only one that cannot exist (the API itself takes a 404 as done).
    run: ({ requester }) =>
      reachedWithout(() => requester.request({ endpoint: "notifications.unsubscribe", params: { id: NO_SUCH_ID } })),
  },
];
