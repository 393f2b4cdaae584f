import { spawn } from "node:child_process";
import path from "node:path";
import { root } from "../lib/portal";

/**
 * Lighthouse with its default config (mobile emulation, simulated throttling: the scores do not
 * depend on this machine's network) in Debian's Chromium against the running portal. Signed-in
 * pages get the session cookie as an extra header; the map's tiles come from the bench's loopback
 * tile server. It runs in a plain-node child (see lighthouse-child.mjs for why not under tsx).
 */

export interface LighthousePage {
  page: string;
  finalUrl: string;
  /** Runs per page; the scores and findings are those of the run with the median performance score. */
  runs: number;
  /** Performance score of each run; null for a run that broke (its reason is in runErrors). */
  performanceScores: (number | null)[];
  /** Score, LCP and TBT of each run, in run order. */
  runMetrics: { performance: number | null; lcpMs: number | null; tbtMs: number | null }[];
  runErrors: string[];
  scores: { performance: number | null; accessibility: number | null; "best-practices": number | null };
  metrics: { fcpMs: number | null; lcpMs: number | null; tbtMs: number | null; cls: number | null };
  /** Audits that cost accessibility or best-practice points. */
  failing: string[];
  /** Performance audits that did not pass, metrics included. */
  performanceFindings: string[];
  runtimeError?: string;
}

export function runLighthouse(origin: string, pages: { path: string; cookie?: string }[]): Promise<LighthousePage[]> {
  const child = spawn(
    process.execPath,
    [path.join(root, "bench/phases/lighthouse-child.mjs"), JSON.stringify({ origin, pages })],
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
      if (code !== 0) return reject(new Error(`lighthouse exited with ${String(code)}`));
      resolve(JSON.parse(out.trim().split("\n").pop() ?? "[]") as LighthousePage[]);
    });
  });
}
