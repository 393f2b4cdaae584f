import "server-only";
import type { DriverViewer } from "@/lib/core/auth/guards";
import { findSessionViewer } from "@/lib/core/auth/session-lookup";
import { currentSessionToken } from "@/lib/core/auth/session-token";
import { getDb, type Database } from "@/lib/core/db/client";
import { formatMoney } from "@/lib/core/format";
import { currentLocale } from "@/lib/core/i18n/current-locale";
import type { DriverEvent } from "@/lib/core/live-events";
import { logger } from "@/lib/core/log";
import { onDrain } from "@/lib/core/shutdown";
import { getLiveBus, type LiveBus, type LiveMessage } from "./bus";
import { callbacksConfigured } from "./webhook-keys";

/** One event stream per signed-in tab (`GET /api/live`): the driver's events with the bus's id, heartbeats, `end` on sign-out. */
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
};

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

export async function openDriverStream(
  request: Request,
  viewer: DriverViewer,
  deps: StreamDeps = defaultDeps,
): Promise<Response> {
  if (!deps.enabled()) return new Response(null, { status: 404, headers: { "cache-control": "private, no-store" } });
  const [token, locale] = await Promise.all([deps.sessionToken(), deps.locale()]);
  const bus = await deps.bus();
  const afterId = lastEventIdOf(request);
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let lastSent = afterId;
      let open = true;
      let backlog: LiveMessage[] | null = [];
      const send = (message: LiveMessage) => {
        if (!open || message.id <= lastSent) return;
        lastSent = message.id;
        controller.enqueue(frame(message, locale));
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
      const unsubscribe = await bus.subscribe(viewer.platformUserId, (message) =>
        backlog ? backlog.push(message) : send(message),
      );
      const heartbeat = setInterval(() => {
        void (async () => {
          const still = token ? await findSessionViewer(await deps.db(), token) : null;
          if (!still || still.platformUserId !== viewer.platformUserId) return close("signed-out");
          if (open) controller.enqueue(encoder.encode(": ping\n\n"));
        })().catch((error: unknown) => log.warn("live stream heartbeat failed", error));
      }, deps.heartbeatMs);
      // A draining instance closes the stream without `end`: the tab reconnects elsewhere with its Last-Event-ID.
      const offDrain = onDrain(() => close(null));
      cleanup = () => {
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
        offDrain();
      };
      // The tab went away: end the stream (and its reader) at once, not at the next heartbeat.
      request.signal.addEventListener("abort", () => close(null), { once: true });
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
