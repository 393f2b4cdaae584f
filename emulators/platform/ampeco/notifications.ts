import { z } from "zod";
import { empty, json, notFound, readValidBody } from "../http";
import type { Route, RouteContext } from "../router";
import { nextId, type SubscriptionRecord } from "../store";
import { pagedResponse } from "./paging";

/**
 * Notifications v2.0: webhook subscriptions (create, read, update, list, unsubscribe). The subset
 * lists every kind a tenant knows; the emulator accepts all of them and sends the six of
 * SENT_NOTIFICATION_KINDS (../store.ts; sent by ./webhooks.ts). Where the subset is silent the emulator is strict, each
 * rule inferred: at least one kind and no kind twice, an http(s) callback URL, `webhook` required
 * with `via: webhook`, and `kafka` refused (422), since the emulator has no broker to write to.
 */
const ALL_KINDS = [
  "AuthorizationNotification",
  "authorization.changed",
  "BootNotification",
  "ChargePointChangedNotification",
  "chargePoint.changed",
  "evse.changed",
  "ChargePointSyncConfigurationNotification",
  "CircuitConsumptionNotification",
  "circuit.changed",
  "DiagnosticsStatusNotification",
  "HardwareStatusNotification",
  "LocationChangedNotification",
  "NetworkStatusNotification",
  "SecurityEventNotification",
  "SessionMeterValuesNotification",
  "SessionStartStopNotification",
  "session.start.stop.notification",
  "SessionUpdateNotification",
  "UserChangedNotification",
  "SubOperatorChangedNotification",
  "TariffChangedNotification",
  "user.subscriptionChanged",
  "user.subscription.changed",
  "ReservationChangedNotification",
  "PaymentMethodChangedNotification",
  "PartnerInviteChangedNotification",
  "reservation.changed",
  "user.paymentMethod.changed",
  "userBalance.changed",
  "partnerInvite.changed",
  "roamingPlatform.changed",
  "parkingSpace.occupancyStatus.changed",
  "partner.changed",
  "transaction.changed",
  "settlementReport.created",
  "idTag.changed",
  "chargePoint.dataTransferReceived",
  "subscriptionPlan.changed",
  "user.invoiceDetails.changed",
  "cdr.received",
  "chargingProfile.applied",
  "installerJob.changed",
] as const;

const callbackUrl = z
  .string()
  .max(500, "The :attribute field must not be greater than 500 characters.")
  .refine((value) => {
    try {
      return ["http:", "https:"].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, "The :attribute field must be a valid URL.");

const SubscriptionBodySchema = z
  .object({
    via: z.enum(["webhook", "kafka"]),
    notifications: z
      .array(z.enum(ALL_KINDS))
      .min(1, "The :attribute field must have at least 1 items.")
      .refine((kinds) => new Set(kinds).size === kinds.length, "The :attribute field has a duplicate value."),
    webhook: z.object({ callbackUrl }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.via === "kafka")
      ctx.addIssue({ code: "custom", path: ["via"], message: "The selected :attribute is invalid." });
    else if (!body.webhook)
      ctx.addIssue({ code: "custom", path: ["webhook"], message: "The :attribute field is required." });
  });

const NOTIFICATIONS = /^\/public-api\/notifications\/v2\.0$/;
const NOTIFICATION = /^\/public-api\/notifications\/v2\.0\/([^/]+)$/;

function subscriptionView(subscription: SubscriptionRecord) {
  return {
    id: subscription.id,
    via: "webhook",
    notifications: subscription.notifications,
    webhook: { callbackUrl: subscription.callbackUrl },
  };
}

function findSubscription({ params, state }: RouteContext): SubscriptionRecord {
  const raw = params[0] ?? "";
  const subscription = state.subscriptions.find((s) => String(s.id) === raw);
  if (!subscription) throw notFound("Notification", raw);
  return subscription;
}

const bearerOf = (request: Request) => (request.headers.get("authorization") ?? "").replace(/^Bearer\s+/i, "");

async function subscribe(ctx: RouteContext) {
  const input = await readValidBody(ctx.request, SubscriptionBodySchema);
  const subscription: SubscriptionRecord = {
    id: nextId(ctx.state, "subscription"),
    notifications: input.notifications,
    callbackUrl: input.webhook?.callbackUrl ?? "",
    signingKey: bearerOf(ctx.request),
    tenant: ctx.url.host,
    createdAt: ctx.now.toISOString(),
  };
  ctx.state.subscriptions.push(subscription);
  return json(201, { data: subscriptionView(subscription) });
}

/**
 * The signing key stays the creator's token (the subset: "the access token used when creating"), or becomes the
 * updater's under `webhookKeyAfterUpdate: "updater"` (the docs say nothing about an update).
 */
async function update(ctx: RouteContext) {
  const subscription = findSubscription(ctx);
  const input = await readValidBody(ctx.request, SubscriptionBodySchema);
  if (ctx.runtime.settings.webhookKeyAfterUpdate === "updater") subscription.signingKey = bearerOf(ctx.request);
  subscription.notifications = input.notifications;
  subscription.callbackUrl = input.webhook?.callbackUrl ?? subscription.callbackUrl;
  return json(200, { data: subscriptionView(subscription) });
}

function unsubscribe(ctx: RouteContext) {
  const subscription = findSubscription(ctx);
  ctx.state.subscriptions = ctx.state.subscriptions.filter((s) => s.id !== subscription.id);
  return empty(204);
}

export const ampecoNotificationRoutes: Route[] = [
  {
    method: "GET",
    pattern: NOTIFICATIONS,
    handler: ({ state, url }) => pagedResponse(state.subscriptions, url, subscriptionView, { cursorOnly: true }),
  },
  { method: "POST", pattern: NOTIFICATIONS, handler: subscribe },
  {
    method: "GET",
    pattern: NOTIFICATION,
    handler: (ctx) => json(200, { data: subscriptionView(findSubscription(ctx)) }),
  },
  { method: "PUT", pattern: NOTIFICATION, handler: update },
  { method: "DELETE", pattern: NOTIFICATION, handler: unsubscribe },
];
