import { randomBytes } from "node:crypto";
import { signInDrivers } from "../lib/auth";
import { upstreamEnv, type BenchUpstreams } from "../lib/emulators";
import { connectInspector, type HeapProbe } from "../lib/inspector";
import { startPortal } from "../lib/portal";
import { stopWithBench } from "../lib/stop-with-bench";
import type { BenchResults } from "../lib/summary";
import { measureExpensePack } from "./expense-pack";
import { measureExport } from "./export";
import { runLighthouse } from "./lighthouse";
import { runLoad } from "./load";
import { measureMap } from "./map";
import { measureFloor, measureOverhead, UPSTREAM_LATENCY_MS } from "./overhead";
import { measureVisit, VISIT_LATENCIES_MS, VISIT_PAGES } from "./visit";

/**
 * The phases measured on one production portal (`next start`, PGlite), signed in as the bench's
 * drivers; the portal stops at the end, before a phase that starts portals of its own.
 */

/** The pages Lighthouse can measure (`--pages=`); /signin signed out, the others as a driver. */
export const LIGHTHOUSE_PAGES = ["/signin", "/account", "/sessions", "/map"] as const;
const SIGNED_OUT_PAGES = new Set<string>(["/signin"]);

export interface SharedPortalOptions {
  phases: ReadonlySet<string>;
  lighthousePages: readonly string[];
  loadSeconds: number;
  renders: number;
  /** Timed visits per upstream latency in the visit phase. */
  visits: number;
  /** METRICS_ENABLED of the shared portal: on as in production; off for the A/B of what metrics cost. */
  metrics: boolean;
}

/** `heap.probe` is the inspector connection open at the moment, for the caller to close on Ctrl-C. */
export async function sharedPortalPhases(
  opts: SharedPortalOptions,
  ups: BenchUpstreams,
  results: BenchResults,
  heap: { probe: HeapProbe | null },
): Promise<void> {
  const running = stopWithBench(
    await startPortal({
      // Metrics on, as in production: the overhead phase reads the portal's own counts from /api/metrics.
      env: {
        ...upstreamEnv(ups),
        AUTH_SECRET: randomBytes(32).toString("base64url"),
        METRICS_ENABLED: String(opts.metrics),
      },
      inspect: opts.phases.has("export") || opts.phases.has("pack"),
    }),
  );
  try {
    console.log(
      `[bench] portal ${running.origin} (pid ${running.pid}, metrics ${opts.metrics ? "on" : "off"}), platform ${ups.platformUrl}, map ${ups.mapUrl}`,
    );
    const cookies = await signInDrivers(running.origin);
    const driverCookie = cookies[0] as string;
    // One inspector connection per memory measurement, closed even when the measurement fails.
    const withHeapProbe = async <T>(measure: (probe: HeapProbe | null) => Promise<T>): Promise<T> => {
      heap.probe = running.inspectorUrl ? await connectInspector(running.inspectorUrl) : null;
      try {
        return await measure(heap.probe);
      } finally {
        heap.probe?.close();
        heap.probe = null;
      }
    };

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
    if (opts.phases.has("visit")) {
      console.log(
        `[bench] visit: ${VISIT_PAGES.join(" → ")}, ${opts.visits} visits at ${VISIT_LATENCIES_MS.join(" and ")} ms upstream latency…`,
      );
      results.visit = await measureVisit(running.origin, running.pid, driverCookie, ups, opts.visits);
    }
    if (opts.phases.has("export")) {
      // Before the load test: afterwards the heap has grown for 100 connections and hides growth.
      console.log("[bench] CSV export: 1,000 / 10,000 / 50,000 sessions…");
      results.export = await withHeapProbe((probe) => measureExport(running.origin, running.pid, ups, probe));
    }
    if (opts.phases.has("pack")) {
      console.log("[bench] expense pack: 500 / 5,000 sessions…");
      results.pack = await withHeapProbe((probe) => measureExpensePack(running.origin, running.pid, ups, probe));
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
      console.log(`[bench] lighthouse: ${opts.lighthousePages.join(", ")}…`);
      try {
        results.lighthouse = await runLighthouse(
          running.origin,
          opts.lighthousePages.map((page) =>
            SIGNED_OUT_PAGES.has(page) ? { path: page } : { path: page, cookie: driverCookie },
          ),
        );
      } catch (error) {
        results.lighthouseError = error instanceof Error ? error.message : String(error);
      }
      await ups.call("DELETE", "/__emulator/faults");
    }
  } finally {
    await running.stop();
  }
}
