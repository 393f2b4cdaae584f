import { spawn } from "node:child_process";
import path from "node:path";
import { coresUsed, ownCpuSeconds } from "../lib/cpu";
import { root } from "../lib/portal";

/** 100 simulated drivers for 60 s on loopback; zero errors and zero non-2xx allowed. */

/** What the load generator (load-child.ts) measured. */
export interface LoadSummary {
  requests: number;
  durationSeconds: number;
  requestsPerSecond: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statuses: Record<string, number>;
  latencyMs: { p50: number; p95: number; p99: number; max: number; mean: number };
  /** Every answer after the first `connections` ones: the warm server, without the start's burst. */
  afterFirstWave?: { p50: number; p99: number; max: number };
}

export interface LoadResult extends LoadSummary {
  path: string;
  connections: number;
  /** The portal's CPU time over the run's wall time: 1.0 is one core busy all the time. */
  portalCpuCores: number;
  pass: boolean;
}

export interface LoadRequest {
  origin: string;
  path: string;
  /** Cookie header values, handed out to the connections in turn. */
  cookies: string[];
  connections: number;
  durationSeconds: number;
}

/**
 * Runs the load generator in its own process (see load-child.ts) and resolves to its summary;
 * `onStarted` runs as the load begins, after the process has started.
 */
export function generateLoad(request: LoadRequest, onStarted?: () => void): Promise<LoadSummary> {
  const child = spawn(
    process.execPath,
    [
      path.join(root, "node_modules/tsx/dist/cli.mjs"),
      path.join(root, "bench/phases/load-child.ts"),
      JSON.stringify(request),
    ],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => {
    const first = !out.includes("\n");
    out += chunk.toString();
    if (first && out.includes("\n")) onStarted?.();
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${String(code)}`));
      resolve(JSON.parse(out.trim().split("\n").pop() ?? "{}") as LoadSummary);
    });
  });
}

export const passes = (summary: LoadSummary): boolean =>
  summary.errors === 0 && summary.timeouts === 0 && summary.non2xx === 0 && summary.requests > 0;

export async function runLoad(
  origin: string,
  portalPid: number,
  loadPath: string,
  cookies: string[],
  connections = 100,
  durationSeconds = 60,
): Promise<LoadResult> {
  const cpuBefore = ownCpuSeconds(portalPid);
  const started = performance.now();
  const summary = await generateLoad({ origin, path: loadPath, cookies, connections, durationSeconds });
  const portalCpuCores = coresUsed(ownCpuSeconds(portalPid) - cpuBefore, (performance.now() - started) / 1000);
  return { path: loadPath, connections, ...summary, portalCpuCores, pass: passes(summary) };
}
