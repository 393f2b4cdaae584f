import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import path from "node:path";
import { startUpstreams } from "./lib/emulators";
import type { HeapProbe } from "./lib/inspector";
import { NGINX_BINARY } from "./lib/nginx";
import { ensureBuilt, root } from "./lib/portal";
import { DEFAULT_POSTGRES_URL } from "./lib/postgres";
import { stopEverything, stopWithBench } from "./lib/stop-with-bench";
import { printSummary, type BenchResults } from "./lib/summary";
import { instancesProblem, measureInstances } from "./phases/instances";
import { measureLive } from "./phases/live";
import { UPSTREAM_LATENCY_MS } from "./phases/overhead";
import { LIGHTHOUSE_PAGES, sharedPortalPhases } from "./phases/shared-portal";

/**
 * `npm run bench`: the performance figures of the quality gates, measured in one run against one
 * production portal (`next start`) on loopback, with the platform and map data emulators served
 * from this process. Writes bench/results/latest.json and prints a summary. Run it under the shared
 * build lock (`flock /tmp/driver-portal-build.lock npm run bench`): it builds and loads both cores.
 *
 * The instances phase starts its own portals (1, then 2, on a fresh Postgres database) behind nginx,
 * after the shared portal has stopped.
 *
 * The live phase (issue 27: polling against push) starts its own ampeco-dialect emulators and portal.
 *
 * The visit phase (issue 37) is one signed-in driver clicking /account → /cards → /sessions → one session →
 * /vouchers → /account/payments: the time per page and the portal's CPU per visit, at 0 and 50 ms upstream.
 *
 * Options: --phases=bundle,overhead,visit,export,pack,map,load,lighthouse,instances,live (default all but live),
 * --build (force a build), --load-seconds=N (default 60; also each step of the instances phase), --renders=N
 * (default 20), --visits=N (default 20: the visit phase's timed visits at each upstream latency, after 2 warm
 * ones), --pages=/map,… (the Lighthouse pages to run, default all four: one page's before/after
 * takes a quarter of the time on the shared cores), --postgres=URL (a server where the bench may create
 * a database; default postgres://postgres@127.0.0.1:5432/test), --nginx=PATH (default /usr/sbin/nginx),
 * --live-drivers=N (default 200: drivers watching a running session), --live-seconds=N (default 60:
 * each of the live phase's two windows), --metrics=off (the shared portal without /api/metrics, for the A/B of
 * what metrics cost per request; the default is on, as in production).
 */

const PHASES = [
  "bundle",
  "overhead",
  "visit",
  "export",
  "pack",
  "map",
  "load",
  "lighthouse",
  "instances",
  "live",
] as const;
type Phase = (typeof PHASES)[number];
/** `live` takes ~3.5 minutes (200 sign-ins, two 60 s windows): only when asked for (--phases=live). */
const DEFAULT_PHASES: readonly Phase[] = PHASES.filter((phase) => phase !== "live");
/** The phases measured on the one shared portal (PGlite), started only when one of them runs. */
const SHARED_PORTAL_PHASES: readonly Phase[] = ["overhead", "visit", "export", "pack", "map", "load", "lighthouse"];

function options() {
  const get = (name: string) => {
    const prefix = `--${name}=`;
    return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
  };
  const phases = (get("phases")?.split(",") ?? [...DEFAULT_PHASES]) as Phase[];
  for (const phase of phases)
    if (!PHASES.includes(phase)) throw new Error(`unknown phase ${phase}; known: ${PHASES.join(", ")}`);
  const pages = get("pages")?.split(",") ?? [...LIGHTHOUSE_PAGES];
  for (const page of pages)
    if (!(LIGHTHOUSE_PAGES as readonly string[]).includes(page))
      throw new Error(`unknown Lighthouse page ${page}; known: ${LIGHTHOUSE_PAGES.join(", ")}`);
  return {
    phases: new Set(phases),
    lighthousePages: pages,
    forceBuild: process.argv.includes("--build"),
    loadSeconds: Number(get("load-seconds") ?? 60),
    renders: Number(get("renders") ?? 20),
    visits: positiveCount("visits", get("visits") ?? "20"),
    postgresUrl: get("postgres") ?? DEFAULT_POSTGRES_URL,
    nginxBinary: get("nginx") ?? NGINX_BINARY,
    liveDrivers: Number(get("live-drivers") ?? 200),
    liveSeconds: Number(get("live-seconds") ?? 60),
    metrics: metricsOption(get("metrics")),
  };
}

function positiveCount(name: string, value: string): number {
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) throw new Error(`--${name}=${value}: expected a whole number ≥ 1`);
  return count;
}

function metricsOption(value: string | undefined): boolean {
  if (value === undefined || value === "on") return true;
  if (value === "off") return false;
  throw new Error(`--metrics=${value}: expected on or off`);
}

function bundleBudget(): BenchResults["bundle"] {
  const out = spawnSync(process.execPath, [path.join(root, "scripts/check-bundle-budget.mjs"), "--json"], {
    cwd: root,
    encoding: "utf8",
  });
  if (out.status !== 0 && out.status !== 1) throw new Error(`bundle budget check failed to run: ${out.stderr}`);
  return JSON.parse(out.stdout) as BenchResults["bundle"];
}

function gitCommit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

async function main() {
  const opts = options();
  const started = Date.now();
  const results: BenchResults = {
    date: new Date().toISOString(),
    command: "flock /tmp/driver-portal-build.lock npm run bench",
    commit: gitCommit(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "unknown",
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      loadAverageAtStart: loadavg().map((l) => Math.round(l * 100) / 100),
    },
    upstreamLatencyMs: UPSTREAM_LATENCY_MS,
  };
  results.built = ensureBuilt(opts.forceBuild);
  if (opts.phases.has("bundle")) results.bundle = bundleBudget();

  // The live phase starts upstreams of its own (the ampeco dialect).
  const needsUpstreams = [...opts.phases].some((phase) => phase !== "bundle" && phase !== "live");
  const heap: { probe: HeapProbe | null } = { probe: null };
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => {
      heap.probe?.close();
      void stopEverything().finally(() => process.exit(130));
    });

  try {
    const ups = needsUpstreams ? await startUpstreams() : null;
    if (ups) stopWithBench({ stop: () => ups.close() });
    if (ups && SHARED_PORTAL_PHASES.some((phase) => opts.phases.has(phase)))
      await sharedPortalPhases(opts, ups, results, heap);
    if (ups && opts.phases.has("instances")) {
      const problem = await instancesProblem(opts);
      if (problem) {
        results.instancesSkipped = problem;
        console.log(`[bench] instances: SKIPPED: ${problem}`);
      } else {
        console.log(`[bench] instances: 100 drivers on /account through nginx to 1, then 2 portals on Postgres…`);
        results.instances = await measureInstances(ups, { ...opts, stepSeconds: opts.loadSeconds });
      }
    }
    if (opts.phases.has("live")) {
      console.log(`[bench] live: ${opts.liveDrivers} drivers watching a running session, polling against push…`);
      results.live = await measureLive({ watchers: opts.liveDrivers, seconds: opts.liveSeconds });
    }
  } finally {
    heap.probe?.close();
    await stopEverything();
  }

  results.durationSeconds = Math.round((Date.now() - started) / 1000);
  // The cores are shared with other engineers' builds and tests: the figures need this context.
  results.machine.loadAverageAtEnd = loadavg().map((l) => Math.round(l * 100) / 100);
  mkdirSync(path.join(root, "bench/results"), { recursive: true });
  writeFileSync(path.join(root, "bench/results/latest.json"), `${JSON.stringify(results, null, 2)}\n`);
  printSummary(results);
  console.log(`\n[bench] done in ${results.durationSeconds} s; results in bench/results/latest.json`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
