import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { PORTAL_NODE_ARGS } from "../../../scripts/portal-node-args.mjs";
import { emulatorScriptArgs } from "../../support/emulator-script";
import { NGINX_BINARY, nginxArgs, nginxMainConfig, statedMainContext } from "../../../bench/lib/nginx-config";
import { clusterSiteConfig, UPSTREAM_HEADER } from "../../support/nginx-config";

/**
 * Two portal instances on one fresh Postgres database behind Debian's nginx, with the platform and map
 * data emulators as one process of their own (`npm run emulator`), so both instances share one
 * platform, as they would in production. Every process is started singly and stopped by its own pid.
 */

const root = process.cwd();
export const POSTGRES_URL = process.env.MULTI_INSTANCE_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const EMULATOR_KEY = "demo-key";
const MAP_KEY = "demo-map-key";

export interface ClusterPorts {
  nginx: number;
  instances: readonly [number, number];
  platform: number;
  map: number;
  /** For an instance that is expected not to start. */
  spare: number;
  /** A test's own receiver (the OTLP traces of observability.spec.ts). */
  receiver: number;
}

export const CLUSTER_PORTS: ClusterPorts = {
  nginx: Number(process.env.E2E_CLUSTER_PORT ?? 3110),
  instances: [Number(process.env.E2E_CLUSTER_PORT ?? 3110) + 1, Number(process.env.E2E_CLUSTER_PORT ?? 3110) + 2],
  platform: Number(process.env.E2E_CLUSTER_PORT ?? 3110) + 3,
  map: Number(process.env.E2E_CLUSTER_PORT ?? 3110) + 4,
  spare: Number(process.env.E2E_CLUSTER_PORT ?? 3110) + 5,
  receiver: Number(process.env.E2E_CLUSTER_PORT ?? 3110) + 6,
};
export const CLUSTER_ORIGIN = `http://localhost:${CLUSTER_PORTS.nginx}`;

/** Whether a Postgres server answers at POSTGRES_URL; the reason when not. */
export async function postgresProblem(): Promise<string | null> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

class Child {
  readonly output: string[] = [];
  readonly exited: Promise<number | null>;

  constructor(
    readonly name: string,
    readonly process: ChildProcess,
  ) {
    for (const stream of [process.stdout, process.stderr])
      stream?.on("data", (chunk: Buffer) => this.output.push(chunk.toString()));
    this.exited = new Promise((resolve) => process.once("exit", (code) => resolve(code)));
  }

  get running(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null;
  }

  /** Stops it by its own pid; resolves with the exit code (null when a signal ended it). */
  async stop(signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
    if (this.running) this.process.kill(signal);
    return this.exited;
  }

  tail(lines = 30): string {
    return this.output.join("").split("\n").slice(-lines).join("\n");
  }
}

function start(name: string, command: string, args: string[], env: Record<string, string | undefined>): Child {
  return new Child(
    name,
    spawn(command, args, { cwd: root, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] }),
  );
}

async function waitFor(url: string, child: Child, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!child.running) throw new Error(`${child.name} exited before it answered ${url}:\n${child.tail()}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.status < 500)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs} ms:\n${child.tail()}`);
}

export type InstanceName = "a" | "b";
export type ClusterDialect = "contract" | "ampeco";

export class Cluster {
  private readonly instances = new Map<InstanceName, Child>();
  private emulator: Child | null = null;
  private nginx: Child | null = null;
  readonly database = `driver_portal_e2e_${randomBytes(6).toString("hex")}`;
  private readonly dir = mkdtempSync(path.join(tmpdir(), "driver-portal-cluster-"));
  private readonly authSecret = randomBytes(32).toString("base64url");

  readonly platformUrl = `http://127.0.0.1:${CLUSTER_PORTS.platform}`;
  readonly mapUrl = `http://127.0.0.1:${CLUSTER_PORTS.map}`;

  /**
   * `ampeco`: the real API's dialect on both sides, callbacks signed with the emulator key (issue 27). `options.env`
   * adds to both instances' environment; `options.alsoListen` is one more address nginx listens on (a non-loopback
   * one, for a client that is not on this machine).
   */
  constructor(
    readonly dialect: ClusterDialect = "contract",
    private readonly options: { env?: Record<string, string>; alsoListen?: string } = {},
  ) {}

  private instanceEnv(name: InstanceName): Record<string, string> {
    const dataDir = path.join(this.dir, `instance-${name}`);
    mkdirSync(dataDir, { recursive: true });
    return {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: POSTGRES_URL.replace(/\/[^/]*$/, `/${this.database}`),
      AUTH_URL: CLUSTER_ORIGIN,
      // As the reproduced deployment had it (issue 33, R4-3): beside AUTH_URL it changes nothing.
      AUTH_TRUST_HOST: "true",
      AUTH_SECRET: this.authSecret,
      // nginx is the one proxy in front: the client is the entry it adds to X-Forwarded-For.
      TRUSTED_PROXY_HOPS: "1",
      // The outbox and /dev/mailbox on a platform of its own (the shared emulator process).
      DEMO_MODE: "true",
      PLATFORM_DIALECT: this.dialect,
      ...(this.dialect === "ampeco" ? { PLATFORM_WEBHOOK_SECRET: EMULATOR_KEY } : {}),
      PLATFORM_BASE_URL: this.platformUrl,
      PLATFORM_API_KEY: EMULATOR_KEY,
      PLATFORM_TIMEOUT_MS: "5000",
      MAP_BASE_URL: this.mapUrl,
      MAP_API_KEY: MAP_KEY,
      MAP_TILE_URL: `${CLUSTER_ORIGIN}/__blocked_tiles__/{z}/{x}/{y}.png`,
      LOG_LEVEL: "warn",
      LIMIT_SIGNIN_PER_CLIENT: "100000",
      LIMIT_SIGNUP_PER_CLIENT_PER_HOUR: "100000",
      STAFF_REQUIRE_PASSKEY: "false",
      SMTP_URL: "",
      ADMIN_EMAILS: "",
      SHUTDOWN_GRACE_MS: "60000",
      ...this.options.env,
    };
  }

  /** Starts (or starts again) one instance and waits for its health check. */
  async startInstance(name: InstanceName): Promise<void> {
    const port = CLUSTER_PORTS.instances[name === "a" ? 0 : 1];
    const next = ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(port)];
    const child = start(`instance ${name}`, process.execPath, [...PORTAL_NODE_ARGS, ...next], this.instanceEnv(name));
    this.instances.set(name, child);
    await waitFor(`http://127.0.0.1:${port}/api/health`, child);
  }

  /**
   * Waits until nginx sends requests to a restarted instance again. Debian's nginx checks passively: an
   * instance that refused connections stays out for fail_timeout (10 s in deploy/), so a rolling restart
   * waits for this before it stops the next instance (README, "Running several instances").
   */
  async rejoined(name: InstanceName, timeoutMs = 30_000): Promise<void> {
    const address = `127.0.0.1:${CLUSTER_PORTS.instances[name === "a" ? 0 : 1]}`;
    const deadline = Date.now() + timeoutMs;
    // Three answers, not one: nginx's first request after fail_timeout only probes the instance, and a
    // restart that began on one success saw "no live upstreams" (CI of 5d61c0c).
    let answered = 0;
    while (Date.now() < deadline) {
      const answer = await fetch(`http://127.0.0.1:${CLUSTER_PORTS.nginx}/api/health`);
      if (answer.status === 200 && answer.headers.get(UPSTREAM_HEADER) === address && ++answered === 3) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`nginx did not send requests to instance ${name} within ${timeoutMs} ms`);
  }

  /**
   * One more instance with `changes` to the shared environment (undefined: unset), on the spare port; it must refuse
   * to start. Its exit code and what it printed; throws when it answers instead.
   */
  async refusedStart(changes: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
    const env = Object.fromEntries(
      Object.entries({ ...this.instanceEnv("a"), ...changes }).filter(([, value]) => value !== undefined),
    );
    const next = ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(CLUSTER_PORTS.spare)];
    const child = start("refused instance", process.execPath, [...PORTAL_NODE_ARGS, ...next], env);
    const answered = waitFor(`http://127.0.0.1:${CLUSTER_PORTS.spare}/api/health`, child, 60_000).then(
      () => "answered" as const,
      () => "exited" as const,
    );
    if ((await Promise.race([child.exited.then(() => "exited" as const), answered])) === "answered") {
      await child.stop();
      throw new Error(`the instance started although it should not have:\n${child.tail()}`);
    }
    return { code: await child.exited, output: child.output.join("") };
  }

  /** SIGTERM to one instance (by its pid); resolves with its exit code once it has drained. */
  stopInstance(name: InstanceName): Promise<number | null> {
    const child = this.instances.get(name);
    if (!child) throw new Error(`instance ${name} was never started`);
    return child.stop("SIGTERM");
  }

  /** Writes the last lines each process printed to `file` (for a failed test's report); returns `file`. */
  writeTails(file: string): string {
    const children = [this.emulator, ...this.instances.values(), this.nginx].filter((c): c is Child => c !== null);
    const nginxLog = path.join(this.dir, "nginx", "error.log");
    const nginxErrors = existsSync(nginxLog) ? readFileSync(nginxLog, "utf8").split("\n").slice(-40).join("\n") : "";
    writeFileSync(
      file,
      [
        ...children.map((child) => `--- ${child.name} ---\n${child.tail(60)}`),
        `--- nginx error.log ---\n${nginxErrors}`,
      ].join("\n"),
    );
    return file;
  }

  instanceOutput(name: InstanceName): string {
    return this.instances.get(name)?.output.join("") ?? "";
  }

  async start(): Promise<void> {
    await adminQuery(`create database ${this.database}`);
    this.emulator = start("emulator", process.execPath, emulatorScriptArgs(), {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      EMULATOR_DIALECT: this.dialect,
      EMULATOR_PORT: String(CLUSTER_PORTS.platform),
      EMULATOR_MAP_PORT: String(CLUSTER_PORTS.map),
      EMULATOR_API_KEY: EMULATOR_KEY,
      EMULATOR_MAP_KEY: MAP_KEY,
      EMULATOR_VOUCHER_DELAY_MS: "200",
      DATA_DIR: this.dir,
    });
    await waitFor(`${this.platformUrl}/__emulator/state`, this.emulator);
    // Both at once, as a deployment starts them: the migration lock lets one migrate.
    await Promise.all([this.startInstance("a"), this.startInstance("b")]);
    const prefix = path.join(this.dir, "nginx");
    mkdirSync(prefix, { recursive: true });
    // Started as root, nginx runs its workers as "nobody", who must reach the temp paths inside.
    for (const dir of [this.dir, prefix]) chmodSync(dir, 0o755);
    const site = path.join(prefix, "driver-portal.conf");
    const main = path.join(prefix, "nginx.conf");
    const shipped = readFileSync(path.join(root, "deploy/nginx/driver-portal.conf"), "utf8");
    let siteConfig = clusterSiteConfig(shipped, {
      listenPort: CLUSTER_PORTS.nginx,
      instancePorts: CLUSTER_PORTS.instances,
    });
    if (this.options.alsoListen) {
      const own = `listen 127.0.0.1:${CLUSTER_PORTS.nginx};`;
      // Only the portal's server block: the other one refuses unknown host names on the same address.
      const portalServer = siteConfig.lastIndexOf(own);
      siteConfig = `${siteConfig.slice(0, portalServer)}${own}\n    listen ${this.options.alsoListen}:${CLUSTER_PORTS.nginx};${siteConfig.slice(portalServer + own.length)}`;
    }
    writeFileSync(site, siteConfig);
    writeFileSync(main, nginxMainConfig(prefix, site, statedMainContext(shipped)));
    this.nginx = start("nginx", NGINX_BINARY, nginxArgs(prefix, main), process.env);
    await waitFor(`http://127.0.0.1:${CLUSTER_PORTS.nginx}/api/health`, this.nginx);
  }

  /** The shared platform emulator's control or API path (with the emulator key). */
  async platform<T = unknown>(method: string, pathname: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.platformUrl}${pathname}`, {
      method,
      headers: {
        Authorization: `Bearer ${EMULATOR_KEY}`,
        Accept: "application/json",
        "Content-Type": "application/json",
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${pathname}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** The map data emulator's call counters: {poi, referencedata}. */
  async mapCalls(): Promise<{ poi: number; referencedata: number }> {
    return (await fetch(`${this.mapUrl}/__emulator/stats`)).json() as Promise<{ poi: number; referencedata: number }>;
  }

  async stop(): Promise<void> {
    await this.nginx?.stop("SIGQUIT");
    await Promise.all([...this.instances.values()].map((child) => child.stop("SIGTERM")));
    await this.emulator?.stop("SIGTERM");
    await adminQuery(`drop database if exists ${this.database} with (force)`).catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
