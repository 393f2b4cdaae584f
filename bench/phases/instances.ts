import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { signInDrivers } from "../lib/auth";
import { cpuSplit, readCpu, type CpuReading, type CpuSplit } from "../lib/cpu-split";
import { upstreamEnv, type BenchUpstreams } from "../lib/emulators";
import { startNginx, type Nginx } from "../lib/nginx";
import { freePort, startPortal, type Portal } from "../lib/portal";
import { createBenchDatabase, postgresProblem, postgresServerPid } from "../lib/postgres";
import { round } from "../lib/stats";
import { stopWithBench } from "../lib/stop-with-bench";
import { generateLoad, passes, type LoadSummary } from "./load";

/**
 * Does a second instance help? 100 signed-in drivers on /account through nginx (configured from
 * deploy/nginx/driver-portal.conf) to 1, then 2 portal instances on one fresh Postgres database.
 * Everything shares this machine's cores, the load generator and the emulators included: the CPU
 * split of each step says where they went, and so why the 1→2 ratio is what it is.
 */

export const INSTANCES_PATH = "/account";
const CONNECTIONS = 100;
/** Each step starts with a short, discarded load: a new instance's first requests compile and fill caches. */
const WARM_UP_SECONDS = 5;

export interface InstancesStep extends LoadSummary {
  instances: number;
  pass: boolean;
  cpuCores: CpuSplit;
  /**
   * The instances' CPU time per request: unlike req/s, it does not depend on how many cores the
   * portals got, so it stays comparable when other work shares the machine.
   */
  portalCpuMsPerRequest: number;
}

export interface InstancesResult {
  path: string;
  connections: number;
  steps: InstancesStep[];
  /** Requests per second with 2 instances over those with 1. */
  ratio: number;
}

export interface InstancesOptions {
  nginxBinary: string;
  postgresUrl: string;
  stepSeconds: number;
}

/** Why the phase cannot run here, in words; null when it can. */
export async function instancesProblem(
  options: Pick<InstancesOptions, "nginxBinary" | "postgresUrl">,
): Promise<string | null> {
  if (!existsSync(options.nginxBinary))
    return `nginx is not installed at ${options.nginxBinary} (apt-get install nginx)`;
  return postgresProblem(options.postgresUrl);
}

async function step(
  instances: Portal[],
  nginx: Nginx,
  postgresPid: number | null,
  cookies: string[],
  seconds: number,
): Promise<InstancesStep> {
  const load = { origin: nginx.origin, path: INSTANCES_PATH, cookies, connections: CONNECTIONS };
  await generateLoad({ ...load, durationSeconds: WARM_UP_SECONDS });
  const pids = { portals: instances.map((i) => i.pid), nginx: nginx.pid, postgres: postgresPid };
  const at: { start?: CpuReading } = {};
  const summary = await generateLoad({ ...load, durationSeconds: seconds }, () => (at.start = readCpu(pids)));
  const after = readCpu(pids);
  const before = at.start;
  if (!before) throw new Error("the load generator never said that it started");
  const portalCpuSeconds = after.portals.reduce((sum, seconds, i) => sum + seconds - (before.portals[i] ?? 0), 0);
  return {
    instances: instances.length,
    ...summary,
    pass: passes(summary),
    cpuCores: cpuSplit(before, after),
    portalCpuMsPerRequest: round((portalCpuSeconds * 1000) / summary.requests),
  };
}

const portOf = (portal: Portal) => Number(new URL(portal.origin).port);

export async function measureInstances(ups: BenchUpstreams, options: InstancesOptions): Promise<InstancesResult> {
  const started: Array<{ stop(): Promise<void> }> = [];
  const database = await createBenchDatabase(options.postgresUrl);
  // Registered first, so it is dropped last, once the instances that use it have stopped.
  started.push(stopWithBench({ stop: () => database.drop() }));
  try {
    const postgresPid = await postgresServerPid(options.postgresUrl);
    // The instances need nginx's origin (AUTH_URL) and nginx needs an instance: its port comes first.
    const nginxPort = await freePort();
    const env = {
      ...upstreamEnv(ups),
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      DATABASE_URL: database.url,
      AUTH_URL: `http://127.0.0.1:${nginxPort}`,
      TRUSTED_PROXY_HOPS: "1",
    };
    const startInstance = async () => {
      const instance = stopWithBench(await startPortal({ env }));
      started.push(instance);
      return instance;
    };
    const instances = [await startInstance()];
    const nginx = stopWithBench(await startNginx(options.nginxBinary, nginxPort, instances.map(portOf)));
    started.push(nginx);
    const cookies = await signInDrivers(nginx.origin);
    await ups.call("DELETE", "/__emulator/faults");

    console.log(`[bench] instances: 1 instance behind nginx ${nginx.origin}, ${options.stepSeconds} s…`);
    const one = await step(instances, nginx, postgresPid, cookies, options.stepSeconds);
    instances.push(await startInstance());
    await nginx.useInstances(instances.map(portOf));
    console.log(`[bench] instances: 2 instances, ${options.stepSeconds} s…`);
    const two = await step(instances, nginx, postgresPid, cookies, options.stepSeconds);
    return {
      path: INSTANCES_PATH,
      connections: CONNECTIONS,
      steps: [one, two],
      ratio: round(two.requestsPerSecond / one.requestsPerSecond, 2),
    };
  } finally {
    for (const thing of started.reverse()) await thing.stop();
  }
}
