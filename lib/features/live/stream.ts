import "server-only";
import type { DriverViewer } from "@/lib/core/auth/guards";
import { clientLimitKey } from "@/lib/core/auth/client-address";
import { findSessionViewer } from "@/lib/core/auth/session-lookup";
import { onSessionsEnded } from "@/lib/core/auth/sessions-ended";
import { currentSessionToken } from "@/lib/core/auth/session-token";
import { getConfig } from "@/lib/core/config";
import { getDb, type Database } from "@/lib/core/db/client";
import { formatMoney } from "@/lib/core/format";
import { currentLocale } from "@/lib/core/auth/current-locale";
import type { DriverEvent } from "@/lib/features/live/shared";
import { logger } from "@/lib/core/log";
import { onDrain } from "@/lib/core/shutdown";
import { countDeliveredEvent, countOpenStream, countRefusedStream } from "@/lib/core/observability/metrics";
import { getLiveBus, type LiveBus, type LiveMessage } from "./bus";
import { callbacksConfigured } from "./webhook-keys";
import {
  claimStreamSlot,
  configuredStreamCaps,
  releaseStreamSlot,
  renewStreamSlot,
  type StreamCaps,
} from "./stream-slots";

/**
 * One event stream per signed-in tab (`GET /api/live`): the driver's events with the bus's id, heartbeats, `end` on
 * sign-out; capped per account and client, closed after a lifetime (the tab reconnects with Last-Event-ID; R4-1).
 */
const log = logger("live");
export const HEARTBEAT_MS = 15_000;
/** A fresh tab gets the events of these last seconds (its page's read may predate them), not the hour kept for reconnects. */
export const FRESH_REPLAY_MS = 10_000;
const encoder = new TextEncoder();

export interface StreamDeps {
  bus: () => Promise<LiveBus>;
  db: () => Promise<Database>;
  sessionToken: () => Promise<string | null>;
  heartbeatMs: number;
  enabled: () => boolean;
  /** The tab's language (its page's): balances are formatted in it. */
  locale: () => Promise<string>;
  /** The per-client limit key of the caller. */
  clientKey: () => Promise<string>;
  caps: () => StreamCaps;
  /** The stream closes (without `end`) after this, a little earlier at random, so tabs do not reconnect in step. */
  maxLifetimeMs: () => number;
}

/** Whether tabs get events pushed (ampeco, with a webhook key) or poll. */
export function liveEventsEnabled(): boolean {
  return callbacksConfigured();
}

const defaultDeps: StreamDeps = {
  bus: getLiveBus,
  db: getDb,
  sessionToken: currentSessionToken,
  heartbeatMs: HEARTBEAT_MS,
  enabled: liveEventsEnabled,
  locale: currentLocale,
  clientKey: clientLimitKey,
  caps: configuredStreamCaps,
  maxLifetimeMs: () => getConfig().live.streamMaxSeconds * 1000,
};

/** How long a refused tab waits before it may try again (it polls meanwhile). */
const REFUSED_RETRY_SECONDS = 60;

export const STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "private, no-store, no-transform",
  // nginx: pass each event on as it comes (deploy/nginx also turns buffering off for the path).
  "x-accel-buffering": "no",
} as const;

/** The id a reconnecting tab sends (header, or `lastEventId` in the query for a fresh EventSource). */
export function lastEventIdOf(request: Request): number {
  const raw = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("lastEventId") ?? "";
  return /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : 0;
}

/** A balance goes out with its amount as the tab's page shows it, so the browser neither formats nor reads it again. */
function inLocale(event: DriverEvent, locale: string): DriverEvent {
  return event.type === "balance" ? { ...event, formatted: formatMoney(event.balance, event.currency, locale) } : event;
}

const frame = (message: LiveMessage, locale: string) =>
  encoder.encode(
    `id: ${message.id}\nevent: ${message.event.type}\ndata: ${JSON.stringify(inLocale(message.event, locale))}\n\n`,
  );

/** Why a tab gets no stream: its account, or its client address, holds as many as the caps allow. */
export interface StreamRefusal {
  over: "account" | "client";
  retryAfterSeconds: number;
}

/** The tab's event stream, a 404 where tabs poll, or a refusal over the caps that its edge words (stream-route.ts). */
export async function startDriverStream(
  request: Request,
  viewer: DriverViewer,
  deps: StreamDeps = defaultDeps,
): Promise<Response | StreamRefusal> {
  if (!deps.enabled()) return new Response(null, { status: 404, headers: { "cache-control": "private, no-store" } });
  const [token, locale, clientKey, db] = await Promise.all([
    deps.sessionToken(),
    deps.locale(),
    deps.clientKey(),
    deps.db(),
  ]);
  const slot = await claimStreamSlot(db, { userId: viewer.userId, clientKey }, deps.caps());
  if (!slot.ok) {
    countRefusedStream(slot.over);
    return { over: slot.over, retryAfterSeconds: REFUSED_RETRY_SECONDS };
  }
  const bus = await deps.bus();
  const afterId = lastEventIdOf(request);
  let released = false;
  countOpenStream(1);
  const release = () => {
    if (released) return;
    released = true;
    countOpenStream(-1);
    void releaseStreamSlot(db, slot.id).catch((error: unknown) => log.warn("releasing a stream slot failed", error));
  };
  let cleanup = release;

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let lastSent = afterId;
      let open = true;
      let backlog: LiveMessage[] | null = [];
      const send = (message: LiveMessage) => {
        if (!open || message.id <= lastSent) return;
        lastSent = message.id;
        controller.enqueue(frame(message, locale));
        countDeliveredEvent();
      };
      const close = (reason: string | null) => {
        if (!open) return;
        if (reason) controller.enqueue(encoder.encode(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`));
        cleanup();
        try {
          controller.close();
        } catch {
          // Already cancelled by the reader.
        }
      };
      // Held while a sign-out of the account is being checked: nothing announced after it reaches a signed-out tab.
      let held: LiveMessage[] = [];
      let checking = 0;
      const unsubscribe = await bus.subscribe(viewer.platformUserId, (message) =>
        backlog ? backlog.push(message) : checking > 0 ? held.push(message) : send(message),
      );
      /** Whether the tab's sign-in still holds; closes with `end` when it does not. */
      const signedIn = async () => {
        const still = token ? await findSessionViewer(db, token) : null;
        if (still && still.platformUserId === viewer.platformUserId) return true;
        close("signed-out");
        return false;
      };
      const heartbeat = setInterval(() => {
        void (async () => {
          if (!(await signedIn()) || !open) return;
          controller.enqueue(encoder.encode(": ping\n\n"));
          await renewStreamSlot(db, slot.id);
        })().catch((error: unknown) => log.warn("live stream heartbeat failed", error));
      }, deps.heartbeatMs);
      // A sign-out anywhere (this instance, or another through the bus) is checked at once, not at the next heartbeat.
      const offSessionsEnded = onSessionsEnded((userId) => {
        if (userId !== viewer.userId) return;
        checking += 1;
        void signedIn()
          .catch((error: unknown) => {
            log.warn("live stream sign-in check failed", error);
            return true;
          })
          .then((still) => {
            checking -= 1;
            if (checking > 0) return;
            const waiting = held;
            held = [];
            if (still) for (const message of waiting) send(message);
          });
      });
      // A draining instance, or the end of the lifetime, closes the stream without `end`: the tab reconnects
      // (elsewhere) with its Last-Event-ID and misses nothing.
      const offDrain = onDrain(() => close(null));
      const lifetime = setTimeout(() => close(null), deps.maxLifetimeMs() * (0.9 + 0.1 * Math.random()));
      cleanup = () => {
        open = false;
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        unsubscribe();
        offSessionsEnded();
        offDrain();
        release();
      };
      // The tab went away: end the stream (and its reader) at once, not at the next heartbeat.
      request.signal.addEventListener("abort", () => close(null), { once: true });
      // A tab that left while the stream was set up: its abort has fired already.
      if (request.signal.aborted) return close(null);
      controller.enqueue(encoder.encode("retry: 3000\n\n"));
      const replay = afterId > 0 ? afterId : { since: new Date(Date.now() - FRESH_REPLAY_MS) };
      for (const message of await bus.missed(viewer.platformUserId, replay)) send(message);
      const waiting = backlog;
      backlog = null;
      for (const message of waiting) send(message);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, { status: 200, headers: STREAM_HEADERS });
}
