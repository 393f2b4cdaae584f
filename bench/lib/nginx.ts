import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { nginxArgs, nginxMainConfig, siteConfigFor, statedMainContext } from "./nginx-config";

export { NGINX_BINARY } from "./nginx-config";
import { root } from "./portal";
import { processTree } from "./cpu";

/**
 * Debian's nginx in front of the portal instances, as deploy/ ships it: a non-daemon child of the
 * bench on a free loopback port, with its files in a temporary prefix, stopped by its own pid.
 */

const SHIPPED_CONF = path.join(root, "deploy/nginx/driver-portal.conf");

export interface Nginx {
  /** The origin the drivers (and AUTH_URL) use. */
  origin: string;
  /** The master process; its workers are its children. */
  pid: number;
  /** Points the upstream at these instance ports and reloads, waiting until the old workers are gone. */
  useInstances(ports: number[]): Promise<void>;
  stop(): Promise<void>;
}

/** What `nginx -t` says against the configuration; null when it accepts it. */
export function nginxRefuses(binary: string, dir: string, mainFile: string): string | null {
  const check = spawnSync(binary, ["-t", ...nginxArgs(dir, mainFile)], { encoding: "utf8" });
  return check.status === 0 ? null : `${check.stderr}${check.error?.message ?? ""}`;
}

const until = async (what: string, ready: () => boolean | Promise<boolean>, seconds = 10) => {
  const deadline = Date.now() + seconds * 1000;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`nginx: ${what} within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** Starts nginx on `port` (a free one: see freePort) in front of the instances on `ports`. */
export async function startNginx(binary: string, port: number, ports: number[]): Promise<Nginx> {
  const dir = mkdtempSync(path.join(tmpdir(), "driver-portal-nginx-"));
  // Started as root, nginx runs its workers as "nobody", who must reach the temp paths inside.
  chmodSync(dir, 0o755);
  const origin = `http://127.0.0.1:${port}`;
  const siteFile = path.join(dir, "driver-portal.conf");
  const mainFile = path.join(dir, "nginx.conf");
  const shipped = readFileSync(SHIPPED_CONF, "utf8");
  const writeSite = (instancePorts: number[]) =>
    writeFileSync(
      siteFile,
      siteConfigFor(shipped, {
        listen: `127.0.0.1:${port}`,
        servers: instancePorts.map((p) => `127.0.0.1:${p}`),
      }),
    );
  writeSite(ports);
  writeFileSync(mainFile, nginxMainConfig(dir, siteFile, statedMainContext(shipped)));

  const args = nginxArgs(dir, mainFile);
  const refused = nginxRefuses(binary, dir, mainFile);
  if (refused) throw new Error(`nginx refused the generated configuration:\n${refused}`);
  const child = spawn(binary, args, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const pid = child.pid as number;
  const workers = () => processTree(pid).slice(1);

  const stop = async () => {
    // Our own master by its pid, never by name: other engineers may run nginx on this machine.
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await until("no answer from /api/health", async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${stderr}`);
      try {
        const response = await fetch(`${origin}/api/health`);
        await response.body?.cancel();
        return response.status < 500;
      } catch {
        return false;
      }
    });
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    origin,
    pid,
    async useInstances(instancePorts) {
      const before = new Set(workers());
      writeSite(instancePorts);
      process.kill(pid, "SIGHUP");
      await until("the old workers did not end after a reload", () => {
        const now = workers();
        return now.length > 0 && now.every((worker) => !before.has(worker));
      });
    },
    stop,
  };
}
