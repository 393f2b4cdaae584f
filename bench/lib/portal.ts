import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { PORTAL_NODE_ARGS } from "../../scripts/portal-node-args.mjs";

/**
 * The portal under test: one `next start` process on a free port, on a fresh data directory,
 * pointed at the bench's emulators, with the node options `npm start` uses (PORTAL_NODE_ARGS), so the
 * bench measures the portal as shipped. Built first when the sources changed since the last build
 * (the same source stamp as scripts/start.mjs, so `npm start` and the bench agree on staleness).
 */

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
const nextBin = path.join(root, "node_modules/next/dist/bin/next");
const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "middleware.ts",
  "next.config.ts",
  "package.json",
  "postcss.config.mjs",
  "tsconfig.json",
];

function walk(entry: string, out: string[]): void {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  const stat = statSync(full);
  if (stat.isDirectory()) for (const child of readdirSync(full)) walk(path.join(entry, child), out);
  else out.push(`${entry}:${stat.size}:${stat.mtimeMs}`);
}

function sourceStamp(): string {
  const entries: string[] = [];
  for (const source of SOURCES) walk(source, entries);
  return createHash("sha256").update(entries.sort().join("\n")).digest("hex");
}

/** Builds when needed; returns whether it built. Throws when the build fails. */
export function ensureBuilt(force: boolean): boolean {
  const stampFile = path.join(root, ".next", "source-stamp");
  const stamp = sourceStamp();
  const fresh =
    existsSync(path.join(root, ".next", "BUILD_ID")) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, "utf8") === stamp;
  if (fresh && !force) return false;
  console.log("[bench] building the portal (sources changed since the last build)…");
  const result = spawnSync(process.execPath, [nextBin, "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error(`next build failed with status ${String(result.status)}`);
  writeFileSync(stampFile, stamp);
  return true;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Portal {
  origin: string;
  pid: number;
  dataDir: string;
  /** The V8 inspector's WebSocket URL when started with `inspect`. */
  inspectorUrl: string | null;
  stop(): Promise<void>;
}

export interface PortalOptions {
  env: Record<string, string>;
  /**
   * Opens the V8 inspector on a random loopback port, so the bench can force a full GC and read the
   * live heap (peak RSS alone cannot tell retained memory from garbage not yet collected).
   */
  inspect?: boolean;
  /**
   * Extra node arguments (after the shipped ones, so they can override them) and a tap on the
   * portal's output, for diagnosing a figure by hand.
   */
  nodeArgs?: string[];
  onOutput?: (text: string) => void;
}

async function waitUntilServing(origin: string, child: ChildProcess, log: string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited during start:\n${log.join("")}`);
    try {
      const response = await fetch(`${origin}/api/health`);
      await response.body?.cancel();
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`portal did not answer within 60 s:\n${log.join("")}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function startPortal({ env, inspect = false, nodeArgs = [], onOutput }: PortalOptions): Promise<Portal> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "driver-portal-bench-"));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...PORTAL_NODE_ARGS,
      ...(inspect ? ["--inspect=127.0.0.1:0"] : []),
      ...nodeArgs,
      nextBin,
      "start",
      "-p",
      String(port),
    ],
    {
      cwd: root,
      // Only what the portal needs: no inherited PLATFORM_*/DATABASE_URL from the caller's shell.
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        AUTH_TRUST_HOST: "true",
        AUTH_URL: origin,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        // The dialect the figures in docs/quality.md were measured in (the default became ampeco in issue 36).
        PLATFORM_DIALECT: "contract",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    onOutput?.(chunk.toString());
    log.push(chunk.toString());
    if (log.length > 200) log.shift();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  let inspectorUrl: string | null = null;
  try {
    await waitUntilServing(origin, child, log);
    inspectorUrl = inspect
      ? (/Debugger listening on (ws:\/\/127\.0\.0\.1:\d+\/[\w-]+)/.exec(log.join(""))?.[1] ?? null)
      : null;
    if (inspect && !inspectorUrl) throw new Error(`portal started without an inspector URL:\n${log.join("")}`);
  } catch (error) {
    // A portal that never came up must not outlive the bench or leave its data directory behind.
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const pid = child.pid as number;
  return {
    origin,
    pid,
    dataDir,
    inspectorUrl,
    async stop() {
      // Our own process by its pid, never by name: other engineers run portals on this machine.
      if (child.exitCode === null) child.kill("SIGTERM");
      const timeout = setTimeout(() => child.exitCode === null && child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timeout);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Resident set size (bytes) of a process and its children, sampled in a worker thread: the bench's
 * main thread also runs the emulators and can be busy for 100 ms at a time, which would make a
 * timer on it skip the very peaks it is meant to catch.
 */
const SAMPLER = `
const { parentPort, workerData } = require("node:worker_threads");
const { readFileSync, readdirSync } = require("node:fs");
function tree(pid) {
  const out = [pid];
  try {
    for (const task of readdirSync("/proc/" + pid + "/task")) {
      const kids = readFileSync("/proc/" + pid + "/task/" + task + "/children", "utf8").trim();
      if (kids) for (const kid of kids.split(/\\s+/)) out.push(...tree(Number(kid)));
    }
  } catch {}
  return out;
}
function rss() {
  let total = 0;
  for (const id of tree(workerData.pid)) {
    try {
      const m = /VmRSS:\\s+(\\d+) kB/.exec(readFileSync("/proc/" + id + "/status", "utf8"));
      if (m) total += Number(m[1]) * 1024;
    } catch {}
  }
  return total;
}
let peak = rss();
const timer = setInterval(() => { peak = Math.max(peak, rss()); }, workerData.everyMs);
parentPort.on("message", () => { clearInterval(timer); parentPort.postMessage(Math.max(peak, rss())); });
`;

export interface RssSampler {
  /** Stops sampling; resolves to the peak in bytes. */
  stop(): Promise<number>;
}

export function sampleRss(pid: number, everyMs = 20): RssSampler {
  const worker = new Worker(SAMPLER, { eval: true, workerData: { pid, everyMs } });
  return {
    stop: () =>
      new Promise<number>((resolve, reject) => {
        worker.once("message", (peak: number) => {
          void worker.terminate();
          resolve(peak);
        });
        worker.once("error", reject);
        worker.postMessage("stop");
      }),
  };
}

/** One reading, taken by a short-lived sampler so it counts the same way as the peaks. */
export async function rssNow(pid: number): Promise<number> {
  return sampleRss(pid, 1000).stop();
}
