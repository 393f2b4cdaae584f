import { createHmac } from "node:crypto";
import { transactionOfRedemption } from "../ledger";
import type { CallbackDispatcherControl, DeliveryLogEntry } from "../router";
import type { EmulatorSettings } from "../settings";
import type { EmulatorState, SubscriptionRecord } from "../store";
import { toAmsterdamIso, toUtcIso } from "../time";
import { liveMeasures } from "../views";
import { idTagOfSession } from "./sessions";
import { billingOf, clockAlignedConsumption } from "./session-billing";
import { chargePointIdOf } from "./network";
import { ampecoSessionView, ampecoUserView } from "./views";

/**
 * Notification callbacks (notifications v2.0): the emulator compares its store with what it saw
 * last (after every request and on a timer, since a running session gains energy with the clock)
 * and posts one signed callback per change to every webhook subscribed to its kind. The body is
 * signed with SHA256-HMAC keyed with the access token that made the subscription, in lower-case
 * hex by default (the subset does not name the encoding: `webhookSignature` plays the others). `X-Timestamp` carries Unix seconds and
 * `X-Tenant` the tenant's host (both inferred: the subset names the headers only).
 */
export interface Notification {
  kind: string;
  /** The record it is about (`session:7`): one subject's callbacks go in order, different subjects side by side. */
  subject: string;
  body: Record<string, unknown>;
}

interface Snapshot {
  sessions: Map<number, { running: boolean; energy: number; billing: string | null }>;
  balances: Map<number, number>;
  users: Map<number, string>;
  tags: Map<number, string>;
}

const DELIVERY_LOG_SIZE = 500;
/** Callbacks in flight per subscription (inferred: the subset does not say how the platform paces them). */
export const DELIVERY_LANES = 8;
const CALLBACK_TIMEOUT_MS = 5_000;

/** `X-Signature` as the `webhookSignature` setting spells it. */
export function signCallback(body: string, key: string, form: EmulatorSettings["webhookSignature"] = "hex"): string {
  const digest = createHmac("sha256", key).update(body, "utf8").digest();
  if (form === "base64") return digest.toString("base64");
  if (form === "hex-upper") return digest.toString("hex").toUpperCase();
  return form === "sha256-hex" ? `sha256=${digest.toString("hex")}` : digest.toString("hex");
}

/** A user as the notifications compare it: every field the platform shows but the clock. */
const userFingerprint =
  (state: EmulatorState, settings: EmulatorSettings) => (user: EmulatorState["users"][number]) => {
    const { lastUpdatedAt: _ignored, ...rest } = ampecoUserView(user, settings);
    return JSON.stringify(rest);
  };

function snapshotOf(state: EmulatorState, now: Date, settings: EmulatorSettings): Snapshot {
  const fingerprint = userFingerprint(state, settings);
  return {
    sessions: new Map(
      state.sessions.map((s) => {
        const { energy, amount } = liveMeasures(s, now);
        const billing = billingOf(s, now, settings.sessionBilling, amount).status;
        return [s.id, { running: s.stoppedAt === null, energy, billing }];
      }),
    ),
    balances: new Map(state.users.map((u) => [u.id, u.balanceCents])),
    users: new Map(state.users.map((u) => [u.id, fingerprint(u)])),
    tags: new Map(
      state.tokens.map((t) => [t.id, JSON.stringify([t.status, t.userId, t.code, t.visualNumber, t.type])]),
    ),
  };
}

function sessionNotifications(
  state: EmulatorState,
  before: Snapshot,
  after: Snapshot,
  now: Date,
  withEnergy: boolean,
  settings: EmulatorSettings,
): Notification[] {
  const out: Notification[] = [];
  for (const session of state.sessions) {
    const seen = before.sessions.get(session.id);
    const running = session.stoppedAt === null;
    const { energy, amount } = liveMeasures(session, now);
    const idTag = idTagOfSession(state, session, settings);
    const startStop = (action: "start" | "stop"): Notification => ({
      kind: "session.start.stop.notification",
      subject: `session:${session.id}`,
      body: {
        notification: "session.start.stop.notification",
        sessionId: session.id,
        userId: session.userId,
        chargePointId: chargePointIdOf(session, settings.chargePoints),
        evseId: session.evseId,
        action,
        ...(idTag ? { idTag: idTag.uid } : {}),
        startedAtTimestamp: toUtcIso(session.startedAt),
        startedAtTimestampLocal: toAmsterdamIso(session.startedAt),
        // The meter of a store EVSE starts at 0 for each session (inferred: the subset gives no meter model).
        meterStart: 0,
        meterStop: action === "stop" ? energy : 0,
        ...(action === "stop" && session.stoppedAt
          ? {
              stoppedAtTimestamp: toUtcIso(session.stoppedAt),
              stoppedAtTimestampLocal: toAmsterdamIso(session.stoppedAt),
              energyConsumed: energy,
              reason: session.status === "failed" ? "ev_not_connected_to_evse" : "standard_stop",
            }
          : {}),
        lastUpdatedAt: toUtcIso(session.stoppedAt ?? now),
      },
    });
    // Made only when sent: clock-aligned figures of every session on every look would cost seconds.
    const update = (): Notification => {
      const view = ampecoSessionView(session, now, idTag, settings);
      const detail =
        settings.sessionUpdateDetail === "clock-aligned"
          ? { clockAlignedEnergyConsumption: clockAlignedConsumption(session, energy, amount, now) }
          : {};
      return {
        kind: "SessionUpdateNotification",
        subject: `session:${session.id}`,
        body: { notification: "SessionUpdateNotification", session: { ...view, ...detail } },
      };
    };
    if (!seen) {
      out.push(startStop("start"));
      if (!running) out.push(startStop("stop"));
      out.push(update());
    } else if (seen.running && !running) {
      out.push(startStop("stop"), update());
    } else if (withEnergy && running && seen.energy !== energy) {
      out.push(update());
    } else if (!running && seen.billing !== after.sessions.get(session.id)?.billing) {
      // The later billing update: the final amount once billing completes.
      out.push(update());
    }
  }
  return out;
}

function userNotifications(
  state: EmulatorState,
  before: Snapshot,
  after: Snapshot,
  now: Date,
  settings: EmulatorSettings,
): Notification[] {
  const out: Notification[] = [];
  const stamp = toUtcIso(now);
  for (const user of state.users) {
    const previous = before.balances.get(user.id);
    if (previous !== undefined && previous !== user.balanceCents) {
      const delta = user.balanceCents - previous;
      // A debit is a charge paid from the balance: its transaction, the newest internal one of the user.
      const charge = delta < 0 ? lastBalanceCharge(state, user.id) : undefined;
      // The credit that moved the balance: the redemption applied last for this user, if any.
      const redemption = state.redemptions
        .filter((r) => r.userId === user.id && r.appliedAt !== null)
        .sort((a, b) => b.id - a.id)[0];
      // Without voucher credit transactions (a setting) the balance moves with none to name.
      const credit =
        redemption && settings.voucherCreditTransactions ? transactionOfRedemption(state, redemption.id) : null;
      const transactionId = charge ? charge.id : (credit?.id ?? null);
      out.push({
        kind: "userBalance.changed",
        subject: `user:${user.id}`,
        body: {
          notification: "userBalance.changed",
          debit: delta < 0 ? -delta / 100 : 0,
          credit: delta > 0 ? delta / 100 : 0,
          updatedBalance: user.balanceCents / 100,
          userId: user.id,
          currency: user.currency ?? "EUR",
          type: charge ? "transaction" : redemption ? "voucher" : "add_to_balance",
          transactionId,
          timestamp: stamp,
          lastUpdatedAt: stamp,
        },
      });
      if (transactionId !== null) {
        out.push({
          kind: "transaction.changed",
          subject: `user:${user.id}`,
          body: { notification: "transaction.changed", transactionId, action: "created", lastUpdatedAt: stamp },
        });
      }
    }
    const was = before.users.get(user.id);
    if (was !== after.users.get(user.id)) {
      out.push({
        kind: "UserChangedNotification",
        subject: `user:${user.id}`,
        body: {
          notification: "UserChangedNotification",
          user: ampecoUserView(user, settings),
          action: was === undefined ? "created" : "updated",
          lastUpdatedAt: stamp,
        },
      });
    }
  }
  for (const id of before.users.keys()) {
    if (!after.users.has(id)) {
      const body = { notification: "UserChangedNotification", user: { id: String(id) }, action: "deleted" };
      out.push({ kind: "UserChangedNotification", subject: `user:${id}`, body: { ...body, lastUpdatedAt: stamp } });
    }
  }
  return out;
}

const lastBalanceCharge = (state: EmulatorState, userId: number) =>
  state.transactions
    .filter((t) => t.userId === userId && t.kind === "session" && t.billingType === "internal")
    .sort((a, b) => b.id - a.id)[0];

function tagNotifications(before: Snapshot, after: Snapshot, now: Date): Notification[] {
  const out: Notification[] = [];
  const tagChanged = (idTagsId: number, action: "created" | "updated" | "deleted"): Notification => ({
    kind: "idTag.changed",
    subject: `idTag:${idTagsId}`,
    body: { notification: "idTag.changed", idTagsId, action, lastUpdatedAt: toUtcIso(now) },
  });
  for (const [id, print] of after.tags) {
    const was = before.tags.get(id);
    if (was === undefined) out.push(tagChanged(id, "created"));
    else if (was !== print) out.push(tagChanged(id, "updated"));
  }
  for (const id of before.tags.keys()) if (!after.tags.has(id)) out.push(tagChanged(id, "deleted"));
  return out;
}

export interface WebhookDispatcherOptions {
  getState(): EmulatorState;
  getSettings(): EmulatorSettings;
  now(): Date;
  /** Brings the store up to the clock before a look (due voucher credits). */
  settle(): void;
  /** How often running sessions are looked at without a request (their energy follows the clock). */
  tickMs: number;
  fetch?: typeof fetch;
}

export class WebhookDispatcher implements CallbackDispatcherControl {
  /** Null while nobody is subscribed: then nothing is compared, and a new subscriber hears only later changes. */
  private snapshot: Snapshot | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly queues = new Map<string, Promise<void>>();
  private timer: ReturnType<typeof setInterval> | null = null;
  readonly deliveries: DeliveryLogEntry[] = [];

  constructor(private readonly options: WebhookDispatcherOptions) {}

  /** Forgets what was seen (after a reset to the seed): the next look reports nothing old. */
  rebase(): void {
    this.snapshot = null;
    this.deliveries.length = 0;
  }

  /**
   * Compares the store with the last look and sends what changed to its subscribers. A running
   * session's energy is reported on the timer (`tick`) only, not after every request, as a charge
   * point reports meter values at an interval.
   */
  observe(cause: "request" | "tick" = "tick"): Notification[] {
    this.options.settle();
    const state = this.options.getState();
    this.schedule(state.subscriptions);
    if (state.subscriptions.length === 0) {
      this.snapshot = null;
      return [];
    }
    const now = this.options.now();
    const settings = this.options.getSettings();
    const after = snapshotOf(state, now, settings);
    const before = this.snapshot;
    this.snapshot = after;
    if (before === null) return [];
    const withEnergy = cause === "tick";
    if (!withEnergy) {
      for (const [id, seen] of before.sessions) {
        const current = after.sessions.get(id);
        if (current && current.running && seen.running) current.energy = seen.energy;
      }
    }
    const notifications = [
      ...sessionNotifications(state, before, after, now, withEnergy, settings),
      ...userNotifications(state, before, after, now, settings),
      ...tagNotifications(before, after, now),
    ];
    for (const subscription of state.subscriptions) {
      const batch = notifications.filter((n) => subscription.notifications.includes(n.kind));
      if (settings.webhookDelivery.outOfOrder) batch.reverse();
      for (const notification of batch) {
        const body = JSON.stringify(notification.body);
        const copies = settings.webhookDelivery.duplicates ? 2 : 1;
        for (let copy = 0; copy < copies; copy++) this.enqueue(subscription, notification, body);
      }
    }
    return notifications;
  }

  /** Resolves when every callback sent so far has had its answer (retries included). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The timer runs only while someone is subscribed, and never keeps the process alive. */
  private schedule(subscriptions: readonly SubscriptionRecord[]) {
    if (subscriptions.length === 0) return this.stop();
    if (this.timer || this.options.tickMs <= 0) return;
    this.timer = setInterval(() => this.observe(), this.options.tickMs);
    this.timer.unref?.();
  }

  /** A subscription's callbacks go in lanes by subject: in the order sent within a lane (a retry holds it back). */
  private enqueue(subscription: SubscriptionRecord, notification: Notification, body: string) {
    const lane = `${subscription.id}/${laneOf(notification.subject)}`;
    const previous = this.queues.get(lane) ?? Promise.resolve();
    const next = previous.then(() => this.deliver(subscription, notification.kind, body, 1));
    this.queues.set(lane, next);
    this.inFlight.add(next);
    void next.finally(() => {
      this.inFlight.delete(next);
      if (this.queues.get(lane) === next) this.queues.delete(lane);
    });
  }

  private async deliver(subscription: SubscriptionRecord, kind: string, body: string, attempt: number): Promise<void> {
    const { attempts, retryDelayMs } = this.options.getSettings().webhookDelivery;
    let status = 0;
    try {
      const answer = await (this.options.fetch ?? fetch)(subscription.callbackUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-signature": signCallback(body, subscription.signingKey, this.options.getSettings().webhookSignature),
          "x-timestamp": String(Math.floor(this.options.now().getTime() / 1000)),
          "x-tenant": subscription.tenant,
        },
        body,
        signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
      });
      status = answer.status;
      await answer.body?.cancel();
    } catch {
      status = 0;
    }
    this.deliveries.push({
      subscriptionId: subscription.id,
      kind,
      attempt,
      status,
      at: this.options.now().toISOString(),
    });
    if (this.deliveries.length > DELIVERY_LOG_SIZE)
      this.deliveries.splice(0, this.deliveries.length - DELIVERY_LOG_SIZE);
    if (status >= 200 && status < 300) return;
    if (attempt >= attempts) return;
    await new Promise((resolve) => setTimeout(resolve, retryDelayMs * attempt));
    // A subscription deleted meanwhile gets no more tries.
    if (!this.options.getState().subscriptions.some((s) => s.id === subscription.id)) return;
    return this.deliver(subscription, kind, body, attempt + 1);
  }
}

function laneOf(subject: string): number {
  let hash = 0;
  for (const char of subject) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % DELIVERY_LANES;
}
