import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { root } from "../lib/portal";

/** 100 simulated drivers for 60 s on loopback; zero errors and zero non-2xx allowed. */

export interface LoadResult {
  path: string;
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statuses: Record<string, number>;
  latencyMs: { p50: number; p95: number; p99: number; max: number; mean: number };
  /** The portal's CPU time over the run's wall time: 1.0 is one core busy all the time. */
  portalCpuCores: number;
  pass: boolean;
}

/** User + system CPU seconds of a process so far (/proc/<pid>/stat fields 14 and 15, in clock ticks). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8")
    .replace(/^.*\) /, "")
    .split(" ");
  // After the ")" the fields start at number 3, so utime (14) and stime (15) sit at 11 and 12.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export function runLoad(
  origin: string,
  portalPid: number,
  loadPath: string,
  cookies: string[],
  connections = 100,
  durationSeconds = 60,
): Promise<LoadResult> {
  const cpuBefore = cpuSeconds(portalPid);
  const started = performance.now();
  const input = JSON.stringify({ origin, path: loadPath, connections, durationSeconds, cookies });
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "bench/phases/load-child.ts"), input],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${String(code)}`));
      const summary = JSON.parse(out.trim().split("\n").pop() ?? "{}") as Omit<
        LoadResult,
        "path" | "connections" | "pass"
      >;
      const portalCpuCores =
        Math.round(((cpuSeconds(portalPid) - cpuBefore) / ((performance.now() - started) / 1000)) * 100) / 100;
      resolve({
        path: loadPath,
        connections,
        ...summary,
        portalCpuCores,
        pass: summary.errors === 0 && summary.timeouts === 0 && summary.non2xx === 0 && summary.requests > 0,
      });
    });
  });
}
