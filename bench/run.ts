import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import path from "node:path";
import { signIn } from "./lib/auth";
import { MAP_KEY, PLATFORM_KEY, startUpstreams, type BenchUpstreams } from "./lib/emulators";
import { connectInspector, type HeapProbe } from "./lib/inspector";
import { ensureBuilt, root, startPortal, type Portal } from "./lib/portal";
import { printSummary, type BenchResults } from "./lib/summary";
import { measureExpensePack } from "./phases/expense-pack";
import { measureExport } from "./phases/export";
import { runLighthouse } from "./phases/lighthouse";
import { runLoad } from "./phases/load";
import { measureMap } from "./phases/map";
import { measureFloor, measureOverhead, UPSTREAM_LATENCY_MS } from "./phases/overhead";

/**
 * `npm run bench`: the performance figures of the quality gates, measured in one run against one
 * production portal (`next start`) on loopback, with the platform and map data emulators served
 * from this process. Writes bench/results/latest.json and prints a summary. Run it under the shared
 * build lock (`flock /tmp/driver-portal-build.lock npm run bench`): it builds and loads both cores.
 *
 * Options: --phases=bundle,overhead,export,pack,map,load,lighthouse (default all), --build (force a build),
 * --load-seconds=N (default 60), --renders=N (default 20).
 */

const PHASES = ["bundle", "overhead", "export", "pack", "map", "load", "lighthouse"] as const;
type Phase = (typeof PHASES)[number];

function options() {
  const get = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
  const phases = (get("phases")?.split(",") ?? [...PHASES]) as Phase[];
  for (const phase of phases)
    if (!PHASES.includes(phase)) throw new Error(`unknown phase ${phase}; known: ${PHASES.join(", ")}`);
  return {
    phases: new Set(phases),
    forceBuild: process.argv.includes("--build"),
    loadSeconds: Number(get("load-seconds") ?? 60),
    renders: Number(get("renders") ?? 20),
  };
}

const DRIVERS = ["driver@example.com", "second.driver@example.com", "new.driver@example.com"];

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

  let upstreams: BenchUpstreams | null = null;
  let portal: Portal | null = null;
  let heap: HeapProbe | null = null;
  const stop = async () => {
    heap?.close();
    await portal?.stop();
    portal = null;
    await upstreams?.close();
    upstreams = null;
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => void stop().finally(() => process.exit(130)));

  try {
    const ups = await startUpstreams();
    upstreams = ups;
    const running = await startPortal({
      env: {
        PLATFORM_BASE_URL: ups.platformUrl,
        PLATFORM_API_KEY: PLATFORM_KEY,
        MAP_BASE_URL: ups.mapUrl,
        MAP_API_KEY: MAP_KEY,
        MAP_TILE_URL: ups.tileUrl,
        AUTH_SECRET: randomBytes(32).toString("base64url"),
        // External emulators are not the built-in platform: demo mode keeps the outbox the sign-ins read.
        DEMO_MODE: "true",
      },
      inspect: opts.phases.has("export") || opts.phases.has("pack"),
    });
    portal = running;
    console.log(
      `[bench] portal ${running.origin} (pid ${running.pid}), platform ${ups.platformUrl}, map ${ups.mapUrl}`,
    );
    const cookies: string[] = [];
    for (const email of DRIVERS) cookies.push(await signIn(running.origin, email));
    const driverCookie = cookies[0] as string;

    if (opts.phases.has("overhead")) {
      console.log("[bench] overhead: /account and /sessions at 50 ms upstream latency…");
      results.overhead = await measureOverhead(
        running.origin,
        driverCookie,
        ["/account", "/sessions"],
        ups,
        opts.renders,
      );
      results.floor = await measureFloor(running.origin, driverCookie, opts.renders);
    }
    if (opts.phases.has("export")) {
      // Before the load test: afterwards the heap has grown for 100 connections and hides growth.
      console.log("[bench] CSV export: 1,000 / 10,000 / 50,000 sessions…");
      heap = running.inspectorUrl ? await connectInspector(running.inspectorUrl) : null;
      results.export = await measureExport(running.origin, running.pid, ups, heap);
      heap?.close();
      heap = null;
    }
    if (opts.phases.has("pack")) {
      console.log("[bench] expense pack: 500 / 5,000 sessions…");
      heap = running.inspectorUrl ? await connectInspector(running.inspectorUrl) : null;
      results.pack = await measureExpensePack(running.origin, running.pid, ups, heap);
      heap?.close();
      heap = null;
    }
    if (opts.phases.has("map")) {
      console.log("[bench] map: 100 pans in one tile, then 200 warm requests…");
      results.map = await measureMap(running.origin, driverCookie, ups);
    }
    if (opts.phases.has("load")) {
      await ups.call("DELETE", "/__emulator/faults");
      console.log(`[bench] load: 100 drivers on /account for ${opts.loadSeconds} s…`);
      results.load = await runLoad(running.origin, running.pid, "/account", cookies, 100, opts.loadSeconds);
    }
    if (opts.phases.has("lighthouse")) {
      await ups.call("PUT", "/__emulator/faults", { latencyMs: UPSTREAM_LATENCY_MS });
      console.log("[bench] lighthouse: /signin, /account, /sessions, /map…");
      try {
        results.lighthouse = await runLighthouse(running.origin, [
          { path: "/signin" },
          { path: "/account", cookie: driverCookie },
          { path: "/sessions", cookie: driverCookie },
          { path: "/map", cookie: driverCookie },
        ]);
      } catch (error) {
        results.lighthouseError = error instanceof Error ? error.message : String(error);
      }
      await ups.call("DELETE", "/__emulator/faults");
    }
  } finally {
    await stop();
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
