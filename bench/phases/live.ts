import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { LIVE_STREAM_URL } from "@/components/live/live-stream";
import { NOTIFICATION_KINDS } from "@/lib/platform/notification-types";
import { signIn } from "../lib/auth";
import { startUpstreams, upstreamEnv, type BenchUpstreams, type UpstreamCall } from "../lib/emulators";
import { root, startPortal } from "../lib/portal";
import { median, percentile, round } from "../lib/stats";
import { stopWithBench } from "../lib/stop-with-bench";

/**
 * Issue 27's bench: the platform calls a minute for N drivers watching a running session, polling
 * against push, and how long a change takes from the platform's store to the browser's stream.
 *
 * On its own upstreams (the ampeco dialect, the one with callbacks) and its own portal (PGlite):
 * N drivers are created on the emulator, each with one running session, and signed in over HTTP.
 * - Polling: each watcher does what the live panel does when no stream is available
 *   (components/sessions/use-live-sessions.ts): `GET /api/sessions/live` every LIVE_REFRESH_MS,
 *   the next request timed from the end of the last (SWR's refreshInterval). No subscription exists.
 * - Push: each watcher holds `GET /api/live`; the subscription is made as the portal makes it (the
 *   kinds it reads, callback URL /api/platform/callbacks, the platform key); the bench drives the
 *   emulator's look at running sessions every EMULATOR_TICK_MS (the emulator's own timer default),
 *   so it knows when each change was made: latency = SSE event read by the client − that moment.
 * Both count the platform API requests the emulator receives over HTTP in the same fixed window,
 * after a warm-up (the first page render of each watcher is outside both windows).
 */

/**
 * The live panel's polling, read from its source (components/sessions/use-live-sessions.ts): the
 * module is a client hook (next-intl, SWR) that does not load outside React, and a copy here would
 * drift from it unnoticed.
 */
function pollingOfPanel(): { url: string; intervalMs: number } {
  const source = readFileSync(path.join(root, "components/sessions/use-live-sessions.ts"), "utf8");
  const url = /export const LIVE_SESSIONS_URL = "([^"]+)"/.exec(source)?.[1];
  const interval = /export const LIVE_REFRESH_MS = ([\d_]+);/.exec(source)?.[1];
  if (!url || !interval) throw new Error("use-live-sessions.ts: LIVE_SESSIONS_URL or LIVE_REFRESH_MS not found");
  return { url, intervalMs: Number(interval.replaceAll("_", "")) };
}
const { url: LIVE_SESSIONS_URL, intervalMs: LIVE_REFRESH_MS } = pollingOfPanel();
/** The emulator's default look at running sessions (emulators/platform/index.ts, notificationTickMs). */
export const EMULATOR_TICK_MS = 5_000;
const SIGN_IN_CONCURRENCY = 4;

export interface LiveWindow {
  seconds: number;
  platformCalls: number;
  platformCallsPerMinute: number;
  callsByPath: Record<string, number>;
  /** 1/5/15-minute load averages at the window's start and end (the cores are shared). */
  loadAverageStart: number[];
  loadAverageEnd: number[];
}

export interface LiveResult {
  watchers: number;
  drivers: number;
  pollIntervalMs: number;
  tickMs: number;
  polling: LiveWindow & {
    portalRequests: number;
    portalErrors: number;
    /** Answers that listed the driver's running session (all should). */
    answersWithRunningSession: number;
  };
  /** Null when push could not be measured (`pushError` says why). */
  push: PushResult | null;
  pushError?: string;
  /** Polling calls ÷ push calls; null when push made none (then the ratio is unbounded) or was not measured. */
  ratio: number | null;
  pass: { calls: boolean; latency: boolean };
}

export type PushResult = LiveWindow & {
  streamsOpen: number;
  ticks: number;
  callbacksSent: number;
  /** The portal's answers to the callbacks of the window's looks, retries included, by HTTP status (0: no answer). */
  callbackStatuses: Record<string, number>;
  /** Session events read by the watchers in the window, and those not matched to a change. */
  events: number;
  unmatchedEvents: number;
  /** Changes made for a watcher's session that never reached its stream by the end. */
  missingEvents: number;
  latencyMs: { median: number; p95: number; max: number; count: number };
  /** How long the emulator took to send one look's callbacks and have them all answered. */
  tickDeliveryMs: { median: number; max: number };
  /** Per look, the latency of the first event read: the way through without queueing behind the others. */
  firstEventOfLookMs: { median: number; max: number };
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const loadNow = () => loadavg().map((l) => round(l, 2));

function byPath(calls: readonly UpstreamCall[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const call of calls) {
    const key = `${call.method} ${call.path.split("?")[0] ?? ""}`.replace(/\/\d+(?=\/|$)/g, "/:id");
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/** Runs `task` over `items` with at most `limit` at a time. */
async function pool<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>) {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        out[index] = await task(items[index] as T, index);
      }
    }),
  );
  return out;
}

interface Driver {
  email: string;
  userId: number;
  sessionId: number;
  cookie: string;
}

/** N drivers on the emulator, each with one running session (7.4 kW: its energy changes every look). */
async function createDrivers(ups: BenchUpstreams, count: number): Promise<Omit<Driver, "cookie">[]> {
  const out: Omit<Driver, "cookie">[] = [];
  const tag = randomBytes(3).toString("hex");
  for (let i = 0; i < count; i++) {
    const email = `live.${tag}.${String(i).padStart(3, "0")}@example.com`;
    const user = await ups.call("POST", "/public-api/resources/users/v1.0", {
      email,
      password: `Bench-${tag}-password`,
      first_name: "Live",
      last_name: `Watcher ${i}`,
      country: "NL",
    });
    const userId = Number((user.json as { data?: { id?: unknown } } | null)?.data?.id);
    if (user.status !== 201 || !Number.isFinite(userId))
      throw new Error(`creating ${email}: HTTP ${user.status} ${JSON.stringify(user.json)}`);
    const session = await ups.call("POST", `/__emulator/users/${userId}/sessions`, { running: true, powerW: 7_400 });
    const sessionId = Number((session.json as { data?: Array<{ id?: unknown }> } | null)?.data?.[0]?.id);
    if (session.status !== 201 || !Number.isFinite(sessionId))
      throw new Error(`starting a session for ${email}: HTTP ${session.status} ${JSON.stringify(session.json)}`);
    out.push({ email, userId, sessionId });
  }
  return out;
}

function windowOf(seconds: number, calls: readonly UpstreamCall[], loadStart: number[]): LiveWindow {
  return {
    seconds: round(seconds, 1),
    platformCalls: calls.length,
    platformCallsPerMinute: round((calls.length / seconds) * 60, 1),
    callsByPath: byPath(calls),
    loadAverageStart: loadStart,
    loadAverageEnd: loadNow(),
  };
}

async function pollingWindow(
  origin: string,
  drivers: readonly Driver[],
  watchers: number,
  seconds: number,
  ups: BenchUpstreams,
): Promise<LiveResult["polling"]> {
  let stopped = false;
  let counting = false;
  let requests = 0;
  let errors = 0;
  let withRunning = 0;
  const loops = Array.from({ length: watchers }, async (_, i) => {
    const driver = drivers[i % drivers.length] as Driver;
    // Tabs opened at different moments: spread over one interval, as a crowd's would be.
    await sleep((i / watchers) * LIVE_REFRESH_MS);
    while (!stopped) {
      try {
        const response = await fetch(`${origin}${LIVE_SESSIONS_URL}`, {
          headers: { cookie: driver.cookie, accept: "application/json" },
          cache: "no-store",
          redirect: "manual",
        });
        const body = (await response.json().catch(() => null)) as { sessions?: Array<{ id: number }> } | null;
        if (counting) {
          requests++;
          if (!response.ok) errors++;
          if (body?.sessions?.some((s) => s.id === driver.sessionId)) withRunning++;
        }
      } catch {
        if (counting) errors++;
      }
      if (!stopped) await sleep(LIVE_REFRESH_MS);
    }
  });
  // Warm-up: every watcher has started and polled at least once before the window opens.
  await sleep(2 * LIVE_REFRESH_MS);
  ups.takeCalls();
  const loadStart = loadNow();
  counting = true;
  const started = performance.now();
  await sleep(seconds * 1000);
  const calls = ups.takeCalls();
  counting = false;
  const elapsed = (performance.now() - started) / 1000;
  stopped = true;
  await Promise.all(loops);
  return {
    ...windowOf(elapsed, calls, loadStart),
    portalRequests: requests,
    portalErrors: errors,
    answersWithRunningSession: withRunning,
  };
}

interface FlushAnswer {
  sent?: string[];
  deliveries?: Array<{ status: number; at: string }>;
}

/** Push could not be measured: the portal did not take the callbacks. */
class LiveRefused extends Error {}

interface Stream {
  close(): void;
}

/** `GET /api/live` read as an EventSource would; `onEvent` gets each event with the moment it was read. */
async function openStream(
  origin: string,
  cookie: string,
  onEvent: (type: string, data: string, at: number) => void,
): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${origin}${LIVE_STREAM_URL}`, {
    headers: { cookie, accept: "text/event-stream" },
    redirect: "manual",
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) {
    controller.abort();
    throw new Error(`GET ${LIVE_STREAM_URL}: HTTP ${response.status}`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const at = performance.now();
        buffer += value;
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let type = "message";
          const data: string[] = [];
          for (const line of frame.split("\n")) {
            if (line.startsWith("event:")) type = line.slice(6).trim();
            else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
          }
          if (data.length > 0) onEvent(type, data.join("\n"), at);
        }
      }
    } catch {
      // Closed by the bench.
    }
  })();
  return { close: () => controller.abort() };
}

async function pushWindow(
  origin: string,
  drivers: readonly Driver[],
  watchers: number,
  seconds: number,
  ups: BenchUpstreams,
): Promise<PushResult> {
  // Per watcher: the moments of the changes made to its session not yet seen on its stream.
  const pending = Array.from({ length: watchers }, () => [] as number[]);
  const latencies: number[] = [];
  // The first event read after each look: the way through without waiting behind the look's other callbacks.
  const firstOfLook = new Map<number, number>();
  let counting = false;
  let events = 0;
  let unmatched = 0;
  const streams = await pool(
    Array.from({ length: watchers }, (_, i) => i),
    20,
    (i) => {
      const driver = drivers[i % drivers.length] as Driver;
      return openStream(origin, driver.cookie, (type, data, at) => {
        if (type !== "session") return;
        let sessionId: number | undefined;
        try {
          sessionId = (JSON.parse(data) as { session?: { id?: number } }).session?.id;
        } catch {
          return;
        }
        if (sessionId !== driver.sessionId) return;
        const madeAt = pending[i]?.shift();
        if (!counting) return;
        events++;
        if (madeAt === undefined) unmatched++;
        else {
          latencies.push(at - madeAt);
          firstOfLook.set(madeAt, Math.min(firstOfLook.get(madeAt) ?? Infinity, at - madeAt));
        }
      });
    },
  );
  try {
    // The subscription as the portal makes it: the kinds it reads, its callback route, signed with its key.
    const subscription = await ups.call("POST", "/public-api/notifications/v2.0", {
      via: "webhook",
      notifications: [...NOTIFICATION_KINDS],
      webhook: { callbackUrl: `${origin}/api/platform/callbacks` },
    });
    if (subscription.status !== 201) throw new Error(`subscribing: HTTP ${subscription.status}`);
    // The emulator's first look after subscribing is its baseline (it may report the changes since the
    // subscription request's own look).
    await ups.call("POST", "/__emulator/notifications/flush");

    let ticks = 0;
    let sent = 0;
    const deliveryMs: number[] = [];
    const statuses: Record<string, number> = {};
    const tick = async () => {
      const wallStart = Date.now();
      const madeAt = performance.now();
      for (const queue of pending) queue.push(madeAt);
      const answer = await ups.call("POST", "/__emulator/notifications/flush");
      deliveryMs.push(performance.now() - madeAt);
      const data = (answer.json as { data?: FlushAnswer } | null)?.data;
      for (const delivery of data?.deliveries ?? [])
        if (Date.parse(delivery.at) >= wallStart) statuses[delivery.status] = (statuses[delivery.status] ?? 0) + 1;
      return data?.sent?.length ?? 0;
    };
    // Warm-up: two looks, their events read before the window opens.
    for (let i = 0; i < 2; i++) {
      await tick();
      // A portal that refuses the callbacks takes no events: say so, and stop.
      const refused = Object.entries(statuses).filter(([status]) => !status.startsWith("2"));
      if (refused.length > 0)
        throw new LiveRefused(
          `the portal refused the platform's callbacks (${refused.map(([status, n]) => `HTTP ${status} ×${n}`).join(", ")})`,
        );
      await sleep(EMULATOR_TICK_MS);
    }
    for (const key of Object.keys(statuses)) delete statuses[key];
    for (const queue of pending) queue.length = 0;
    deliveryMs.length = 0;
    ups.takeCalls();
    const loadStart = loadNow();
    counting = true;
    const started = performance.now();
    const end = started + seconds * 1000;
    for (let next = started; next < end; next += EMULATOR_TICK_MS) {
      await sleep(Math.max(0, next - performance.now()));
      sent += await tick();
      ticks++;
    }
    await sleep(Math.max(0, end - performance.now()));
    const calls = ups.takeCalls();
    const elapsed = (performance.now() - started) / 1000;
    // Events of the last look still on their way count for latency, not for the window's calls.
    await sleep(2_000);
    counting = false;
    const missing = pending.reduce((sum, queue) => sum + queue.length, 0);
    return {
      ...windowOf(elapsed, calls, loadStart),
      streamsOpen: streams.length,
      callbackStatuses: statuses,
      ticks,
      callbacksSent: sent,
      events,
      unmatchedEvents: unmatched,
      missingEvents: missing,
      latencyMs: {
        median: round(median(latencies)),
        p95: round(percentile(latencies, 95)),
        max: round(percentile(latencies, 100)),
        count: latencies.length,
      },
      tickDeliveryMs: { median: round(median(deliveryMs)), max: round(percentile(deliveryMs, 100)) },
      firstEventOfLookMs: {
        median: round(median([...firstOfLook.values()])),
        max: round(percentile([...firstOfLook.values()], 100)),
      },
    };
  } finally {
    for (const stream of streams) stream.close();
  }
}

export interface LiveOptions {
  watchers: number;
  seconds: number;
}

export async function measureLive({ watchers, seconds }: LiveOptions): Promise<LiveResult> {
  // The bench drives the emulator's looks itself (tick 0), at the emulator's own cadence.
  // Callbacks are sent once, without the emulator's retries: a portal that refuses them would hold
  // each look for seconds of backoff per callback; one that takes them (202) never sees a retry.
  const ups = await startUpstreams({ dialect: "ampeco", notificationTickMs: 0, webhookAttempts: 1 });
  const upstreams = stopWithBench({ stop: () => ups.close() });
  try {
    const created = await createDrivers(ups, watchers);
    const portal = stopWithBench(
      await startPortal({
        env: {
          ...upstreamEnv(ups),
          PLATFORM_DIALECT: "ampeco",
          AUTH_SECRET: randomBytes(32).toString("base64url"),
          // N sign-ins from one address in a minute: far above what the limiter lets one client do.
          LIMIT_SIGNIN_PER_CLIENT: "100000",
        },
      }),
    );
    try {
      console.log(`[bench] live: portal ${portal.origin} (pid ${portal.pid}), signing ${watchers} drivers in…`);
      const drivers = await pool(created, SIGN_IN_CONCURRENCY, async (driver) => ({
        ...driver,
        cookie: await signIn(portal.origin, driver.email),
      }));
      console.log(`[bench] live: polling, ${watchers} watchers every ${LIVE_REFRESH_MS} ms for ${seconds} s…`);
      const polling = await pollingWindow(portal.origin, drivers, watchers, seconds, ups);
      console.log(`[bench] live: push, ${watchers} streams, a look every ${EMULATOR_TICK_MS} ms for ${seconds} s…`);
      let push: PushResult | null = null;
      let pushError: string | undefined;
      try {
        push = await pushWindow(portal.origin, drivers, watchers, seconds, ups);
      } catch (error) {
        if (!(error instanceof LiveRefused)) throw error;
        pushError = error.message;
      }
      const ratio =
        push && push.platformCallsPerMinute > 0 ? polling.platformCallsPerMinute / push.platformCallsPerMinute : null;
      return {
        watchers,
        drivers: drivers.length,
        pollIntervalMs: LIVE_REFRESH_MS,
        tickMs: EMULATOR_TICK_MS,
        polling,
        push,
        ...(pushError ? { pushError } : {}),
        ratio: ratio === null ? null : round(ratio, 1),
        pass: {
          calls:
            push !== null &&
            polling.platformCalls > 0 &&
            polling.platformCallsPerMinute >= 10 * push.platformCallsPerMinute,
          latency: push !== null && push.latencyMs.count >= 50 && push.latencyMs.median < 1_000,
        },
      };
    } finally {
      await portal.stop();
    }
  } finally {
    await upstreams.stop();
  }
}
