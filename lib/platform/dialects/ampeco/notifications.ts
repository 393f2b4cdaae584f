import "server-only";
import { z } from "zod";
import type { NotificationKind, ParsedNotification, PlatformEvent, SessionChange } from "../../notification-types";
import type { NotificationsApi, NotificationSubscription } from "../../apis";
import type { AmpecoRequester } from "./endpoints";
import { SessionIdSchema } from "../../platform-id";
import { nullWhenNotFound } from "../../reads";
import { WireId, WireNumber, WireText } from "../../wire";
import { toAmpecoCard } from "./cards";
import { AmpecoIdTag, ampecoList } from "./schemas";

/** The notification callbacks the portal subscribes to, read with zod (only the fields it uses); a body that fails is ignored. */
const SESSION_STATUS: Record<string, SessionChange["status"]> = {
  pending: "started",
  active: "charging",
  finished: "finished",
  failed: "failed",
  expired: "failed",
};

const Instant = z.string().max(64).nullish();

const SessionUpdate = z.object({
  notification: z.literal("SessionUpdateNotification"),
  session: z.object({
    id: z.union([SessionIdSchema, z.int().min(0).transform(String)]),
    status: z.string(),
    userId: WireId.nullish(),
    chargePointId: WireId.nullish(),
    startedAt: Instant,
    stoppedAt: Instant,
    energy: WireNumber.nullish(),
    energyConsumption: z.object({ total: WireNumber.nullish() }).nullish(),
    amount: WireNumber.nullish(),
    totalAmount: z.object({ withTax: WireNumber.nullish() }).nullish(),
    currency: WireText,
    // An unknown status reads as none: the receipt then waits for an amount.
    billingStatus: z.string().nullish(),
    lastUpdatedAt: Instant,
  }),
});

const BILLING_STATUSES = ["pending", "suspended", "completed"] as const;

const BalanceChanged = z.object({
  notification: z.literal("userBalance.changed"),
  userId: WireId,
  updatedBalance: WireNumber,
  currency: z.string().length(3),
  lastUpdatedAt: z.string().max(64),
});

const IdTagChanged = z.object({
  notification: z.literal("idTag.changed"),
  idTagsId: WireId,
  action: z.enum(["created", "updated", "deleted"]),
});

const READERS: { [K in NotificationKind]: (body: unknown) => PlatformEvent | null } = {
  SessionUpdateNotification: (body) => {
    const parsed = SessionUpdate.safeParse(body);
    if (!parsed.success) return null;
    const s = parsed.data.session;
    const status = SESSION_STATUS[s.status];
    if (!status) return null;
    return {
      kind: "session",
      userId: s.userId ?? null,
      session: {
        id: s.id,
        status,
        startedAt: s.startedAt ?? null,
        stoppedAt: s.stoppedAt ?? null,
        energyWh: s.energyConsumption?.total ?? s.energy ?? 0,
        amount: s.totalAmount?.withTax ?? s.amount ?? 0,
        currency: s.currency ?? null,
        chargePointId: s.chargePointId ?? null,
        updatedAt: s.lastUpdatedAt ?? null,
      },
      billing: {
        status: BILLING_STATUSES.find((status) => status === s.billingStatus) ?? null,
        amountGiven: typeof (s.totalAmount?.withTax ?? s.amount) === "number",
      },
    };
  },
  "userBalance.changed": (body) => {
    const parsed = BalanceChanged.safeParse(body);
    if (!parsed.success) return null;
    const { userId, updatedBalance, currency, lastUpdatedAt } = parsed.data;
    return { kind: "balance", userId, balance: updatedBalance, currency, updatedAt: lastUpdatedAt };
  },
  "idTag.changed": (body) => {
    const parsed = IdTagChanged.safeParse(body);
    return parsed.success ? { kind: "card", cardId: parsed.data.idTagsId, action: parsed.data.action } : null;
  },
};

/** The portal's reading of a callback of `kind`, or null when the body is not that callback. */
export function readAmpecoNotification(kind: NotificationKind, body: unknown): ParsedNotification | null {
  const event = READERS[kind](body);
  return event ? { kind, event } : null;
}

const WireSubscription = z.object({
  id: WireId,
  notifications: z.array(z.string()),
  webhook: z.object({ callbackUrl: z.string() }).nullish(),
});
const SubscriptionResponse = z.object({ data: WireSubscription });
const SubscriptionList = ampecoList(WireSubscription);
/** A tenant has a handful of subscriptions; past this many pages the listing is not walked further. */
const MAX_SUBSCRIPTION_PAGES = 20;

const toSubscription = (wire: z.output<typeof WireSubscription>): NotificationSubscription => ({
  id: wire.id,
  kinds: wire.notifications,
  callbackUrl: wire.webhook?.callbackUrl ?? null,
});

const IdTagResponse = z.object({ data: AmpecoIdTag });

/** Notifications v2.0: the webhook subscriptions (list, subscribe, unsubscribe), and the card a callback names. */
export function createAmpecoNotificationsApi(requester: AmpecoRequester): NotificationsApi {
  const body = (kinds: readonly string[], callbackUrl: string) => ({
    via: "webhook",
    notifications: kinds,
    webhook: { callbackUrl },
  });
  return {
    /** Every page: the listing declares only `per_page`, but a tenant may answer with `links.next`. */
    async listSubscriptions() {
      const all: NotificationSubscription[] = [];
      let nextUrl: string | undefined;
      for (let page = 0; page < MAX_SUBSCRIPTION_PAGES; page++) {
        const { data } = await requester.request({
          endpoint: "notifications.list",
          query: { per_page: 100 },
          nextUrl,
          schema: SubscriptionList,
        });
        all.push(...data.data.map(toSubscription));
        nextUrl = data.links?.next ?? undefined;
        if (!nextUrl) break;
      }
      return all;
    },
    async subscribe(kinds, callbackUrl) {
      let signingKey = "";
      const { data } = await requester.request({
        endpoint: "notifications.subscribe",
        body: body(kinds, callbackUrl),
        schema: SubscriptionResponse,
        onBearer: (token) => (signingKey = token),
      });
      return { subscription: toSubscription(data.data), signingKey };
    },
    async unsubscribe(id) {
      await nullWhenNotFound(() => requester.request({ endpoint: "notifications.unsubscribe", params: { id } }));
    },
    async cardOfNotification(cardId) {
      return nullWhenNotFound(async () => {
        const { data } = await requester.request({
          endpoint: "idTags.get",
          params: { id: cardId },
          schema: IdTagResponse,
        });
        return toAmpecoCard(data.data);
      });
    },
  };
}
