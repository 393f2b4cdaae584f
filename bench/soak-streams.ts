import { createHmac, randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { signIn } from "./lib/auth";
import { startUpstreams, upstreamEnv, PLATFORM_KEY } from "./lib/emulators";
import { NGINX_BINARY, startNginx } from "./lib/nginx";
import { ensureBuilt, freePort, rssNow, startPortal, type Portal } from "./lib/portal";
import { createBenchDatabase, DEFAULT_POSTGRES_URL, postgresProblem } from "./lib/postgres";
import { lostEvents, runTabsOf, type Published, type SoakDriver, type TabRecord } from "./lib/soak-tabs";
import { percentile, round } from "./lib/stats";
import { stopEverything, stopWithBench } from "./lib/stop-with-bench";

/**
 * `npm run soak:streams -- --minutes=30` (not in CI; issue 33): drivers open, reconnect and close event streams on two
 * instances on one Postgres behind the shipped nginx, while signed callbacks change their balances. Reports memory
 * over time, lost events per tab and /signin's p99 (docs/quality.md § Security). Options: --minutes (30), --drivers
 * (50), --tabs (2 per driver at once), --lifetime (120: LIVE_STREAM_MAX_SECONDS), --events-per-second (5),
 * --postgres=URL (a server where it may create a database), --out=FILE (the JSON report).
 */
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const MINUTES = Number(arg("minutes", "30"));
const DRIVERS = Number(arg("drivers", "50"));
const TABS = Number(arg("tabs", "2"));
const LIFETIME = arg("lifetime", "120");
const EVENTS_PER_SECOND = Number(arg("events-per-second", "5"));
const POSTGRES = arg("postgres", DEFAULT_POSTGRES_URL);
const OUT = arg("out", "");
/** A callback's event may reach the tab up to this long after its 202 (it is published after the answer). */
const DELIVERY_MARGIN_MS = 3_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const megabytes = (bytes: number) => round(bytes / 1024 / 1024, 1);

async function startCluster() {
  const problem = await postgresProblem(POSTGRES);
  if (problem) throw new Error(problem);
  const ups = await startUpstreams({ dialect: "ampeco", notificationTickMs: 0 });
  stopWithBench({ stop: () => ups.close() });
  const database = await createBenchDatabase(POSTGRES);
  stopWithBench({ stop: () => database.drop() });
  const nginxPort = await freePort();
  const origin = `http://127.0.0.1:${nginxPort}`;
  const env = {
    ...upstreamEnv(ups),
    PLATFORM_DIALECT: "ampeco",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    DATABASE_URL: database.url,
    AUTH_URL: origin,
    TRUSTED_PROXY_HOPS: "1",
    LIVE_STREAM_MAX_SECONDS: LIFETIME,
    LIMIT_SIGNIN_PER_CLIENT: "100000",
  };
  const instances: Portal[] = [];
  for (let i = 0; i < 2; i++) instances.push(stopWithBench(await startPortal({ env })));
  const ports = instances.map((instance) => Number(new URL(instance.origin).port));
  stopWithBench(await startNginx(NGINX_BINARY, nginxPort, ports));
  return { ups, origin, instances };
}

async function createDrivers(ups: Awaited<ReturnType<typeof startCluster>>["ups"], origin: string) {
  const tag = randomBytes(3).toString("hex");
  const drivers: SoakDriver[] = [];
  for (let index = 0; index < DRIVERS; index++) {
    const email = `soak.${tag}.${index}@example.com`;
    const user = await ups.call("POST", "/public-api/resources/users/v1.0", {
      email,
      password: `Soak-${tag}-password`,
      first_name: "Soak",
      last_name: `Driver ${index}`,
      country: "NL",
    });
    const platformUserId = Number((user.json as { data?: { id?: unknown } } | null)?.data?.id);
    if (user.status !== 201) throw new Error(`creating ${email}: HTTP ${user.status}`);
    drivers.push({ index, platformUserId, cookie: await signIn(origin, email), address: `127.0.0.${10 + index}` });
  }
  return drivers;
}

/** Signed callbacks through nginx, one driver's balance at a time, each balance a number used once. */
async function publish(origin: string, drivers: readonly SoakDriver[], stopped: () => boolean) {
  const published: Published[] = [];
  let refused = 0;
  for (let balance = 1; !stopped(); balance++) {
    const driver = drivers[Math.floor(Math.random() * drivers.length)] as SoakDriver;
    const stamp = new Date().toISOString();
    const body = JSON.stringify({
      notification: "userBalance.changed",
      userId: driver.platformUserId,
      debit: 0,
      credit: balance,
      updatedBalance: balance,
      currency: "EUR",
      type: "add_to_balance",
      transactionId: null,
      timestamp: stamp,
      lastUpdatedAt: stamp,
    });
    const answer = await fetch(`${origin}/api/platform/callbacks`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-signature": createHmac("sha256", PLATFORM_KEY).update(body).digest("hex"),
        "x-timestamp": String(Math.floor(Date.now() / 1000)),
      },
      body,
    }).catch(() => null);
    if (answer?.status === 202)
      published.push({ platformUserId: driver.platformUserId, balance, acceptedAt: Date.now() });
    else refused++;
    await sleep(1000 / EVENTS_PER_SECOND);
  }
  return { published, refused };
}

/** GET /signin through nginx twice a second: each answer's status and time, by minute of the soak. */
async function probeSignIn(origin: string, start: number, stopped: () => boolean) {
  const samples: Array<{ minute: number; ms: number; status: number }> = [];
  while (!stopped()) {
    const begun = performance.now();
    const status = await fetch(`${origin}/signin`)
      .then(async (response) => (await response.arrayBuffer(), response.status))
      .catch(() => 0);
    samples.push({ minute: Math.floor((Date.now() - start) / 60_000), ms: performance.now() - begun, status });
    await sleep(500);
  }
  return samples;
}

async function sampleMemory(instances: readonly Portal[], start: number, stopped: () => boolean) {
  const samples: Array<{ minute: number; mb: number[] }> = [];
  while (!stopped()) {
    const mb = await Promise.all(instances.map(async (instance) => megabytes(await rssNow(instance.pid))));
    samples.push({ minute: round((Date.now() - start) / 60_000, 1), mb });
    await sleep(30_000);
  }
  return samples;
}

function report(
  tabs: TabRecord[],
  events: Awaited<ReturnType<typeof publish>>,
  signIns: Awaited<ReturnType<typeof probeSignIn>>,
  memory: Awaited<ReturnType<typeof sampleMemory>>,
) {
  const lost = tabs.map((tab) => lostEvents(tab, events.published, DELIVERY_MARGIN_MS));
  const minutes = [...new Set(signIns.map((s) => s.minute))].sort((a, b) => a - b);
  const sum = (pick: (tab: TabRecord) => number) => tabs.reduce((total, tab) => total + pick(tab), 0);
  const first = memory.find((sample) => sample.minute >= 1) ?? memory[0];
  const last = memory.at(-1);
  return {
    settings: { minutes: MINUTES, drivers: DRIVERS, tabsPerDriver: TABS, lifetimeSeconds: Number(LIFETIME) },
    events: { published: events.published.length, refusedCallbacks: events.refused },
    tabs: {
      count: tabs.length,
      connections: sum((t) => t.connections),
      endedByServer: sum((t) => t.serverEnded),
      droppedByNetwork: sum((t) => t.dropped),
      refused: sum((t) => t.refused),
      signedOut: sum((t) => t.signedOut),
      eventsRead: sum((t) => t.balances.size),
      withLostEvents: lost.filter((n) => n > 0).length,
      lostEvents: lost.reduce((a, b) => a + b, 0),
      maxLostPerTab: Math.max(0, ...lost),
    },
    signIn: {
      requests: signIns.length,
      non200: signIns.filter((s) => s.status !== 200).length,
      p99Ms: round(
        percentile(
          signIns.map((s) => s.ms),
          99,
        ),
      ),
      maxMs: round(Math.max(...signIns.map((s) => s.ms))),
      p99MsByMinute: minutes.map((minute) =>
        round(
          percentile(
            signIns.filter((s) => s.minute === minute).map((s) => s.ms),
            99,
          ),
        ),
      ),
    },
    memoryMb: {
      samples: memory,
      growthAfterFirstMinute: first && last ? last.mb.map((mb, i) => round(mb - (first.mb[i] ?? mb), 1)) : [],
    },
    loadAverage: loadavg().map((l) => round(l, 2)),
  };
}

async function main() {
  ensureBuilt(false);
  const { ups, origin, instances } = await startCluster();
  console.log(`[soak] two instances behind nginx at ${origin}; signing in ${DRIVERS} drivers…`);
  const drivers = await createDrivers(ups, origin);
  const start = Date.now();
  const deadline = start + MINUTES * 60_000;
  let stopped = false;
  const isStopped = () => stopped || Date.now() >= deadline;
  const live = new URL(`${origin}/api/live`);
  console.log(`[soak] ${MINUTES} min, ${DRIVERS} drivers × ${TABS} tabs, ${EVENTS_PER_SECOND} events/s…`);
  const running = Promise.all([
    publish(origin, drivers, isStopped),
    probeSignIn(origin, start, isStopped),
    sampleMemory(instances, start, isStopped),
    Promise.all(drivers.flatMap((d) => Array.from({ length: TABS }, () => runTabsOf(d, live, deadline, isStopped)))),
  ]);
  process.once("SIGINT", () => (stopped = true));
  const [events, signIns, memory, tabs] = await running;
  const result = report(tabs.flat(2), events, signIns, memory);
  console.log(JSON.stringify(result, null, 2));
  if (OUT) writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => stopEverything());
