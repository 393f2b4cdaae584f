import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nginxRefuses, NGINX_BINARY as NGINX } from "@/bench/lib/nginx";
import { nginxMainConfig, SERVER_NAME_PLACEHOLDER, statedMainContext } from "@/bench/lib/nginx-config";
import { HEARTBEAT_MS } from "@/lib/features/live/stream";
import { instanceCommands, instancesProblem } from "@/scripts/instances.mjs";
import { PORTAL_NODE_ARGS } from "@/scripts/portal-node-args.mjs";
import { clusterSiteConfig } from "../support/nginx-config";

/**
 * What deploy/ ships stays true to the portal: the systemd unit and `npm run instances` start each
 * instance with the portal's own node options (graceful shutdown included), and Debian's nginx
 * accepts the load balancer's configuration.
 */
const root = process.cwd();

describe("instances", () => {
  it("each instance is `next start` with the portal's node options, on loopback, on its own port", () => {
    expect(instanceCommands(2, 3001)).toEqual([
      {
        port: 3001,
        args: [...PORTAL_NODE_ARGS, "node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", "3001"],
      },
      {
        port: 3002,
        args: [...PORTAL_NODE_ARGS, "node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", "3002"],
      },
    ]);
    expect(PORTAL_NODE_ARGS).toContain("--import=./scripts/graceful-shutdown.mjs");
  });

  it("refuses what cannot work, in words: no shared database, no build, a bad count or port", () => {
    const fine = { count: 2, firstPort: 3001, databaseUrl: "postgres://db/portal", built: true };
    expect(instancesProblem(fine)).toBeNull();
    expect(instancesProblem({ ...fine, databaseUrl: undefined })).toMatch(/^DATABASE_URL must name the Postgres/);
    expect(instancesProblem({ ...fine, built: false })).toMatch(/^no build found/);
    expect(instancesProblem({ ...fine, count: 0 })).toMatch(/instance count/);
    expect(instancesProblem({ ...fine, count: Number.NaN })).toMatch(/instance count/);
    expect(instancesProblem({ ...fine, firstPort: 80 })).toMatch(/first port/);
    expect(instancesProblem({ ...fine, firstPort: 65535 })).toMatch(/first port/);
  });
});

describe("deploy/systemd/driver-portal@.service", () => {
  const unit = readFileSync(path.join(root, "deploy/systemd/driver-portal@.service"), "utf8");

  it("starts the instance on its port with exactly the portal's node options", () => {
    const execStart = /^ExecStart=(.+)$/m.exec(unit)?.[1]?.split(" ") ?? [];
    expect(execStart).toEqual([
      "/usr/bin/node",
      ...PORTAL_NODE_ARGS,
      "node_modules/next/dist/bin/next",
      "start",
      "-H",
      "127.0.0.1",
      "-p",
      "%i",
    ]);
  });

  it("stops with SIGTERM and leaves the grace period time to finish", () => {
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    const grace = Number(/SHUTDOWN_GRACE_MS=(\d+)/.exec(unit)?.[1]);
    const stopSeconds = Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1]);
    expect(stopSeconds * 1000).toBeGreaterThan(grace);
  });
});

describe("deploy/nginx/driver-portal.conf", () => {
  it("is accepted by Debian's nginx (nginx -t)", () => {
    expect(existsSync(NGINX), "nginx is installed by .ci/run (apt); install it to run this test").toBe(true);
    const dir = mkdtempSync(path.join(tmpdir(), "nginx-check-"));
    const main = path.join(dir, "nginx.conf");
    const shipped = path.join(root, "deploy/nginx/driver-portal.conf");
    writeFileSync(main, nginxMainConfig(dir, shipped, statedMainContext(readFileSync(shipped, "utf8"))));
    expect(nginxRefuses(NGINX, dir, main)).toBeNull();
  });

  it("keeps connections to the instances alive, forwards the client's address, and streams downloads", () => {
    const conf = readFileSync(path.join(root, "deploy/nginx/driver-portal.conf"), "utf8");
    expect(conf).toMatch(/^\s+keepalive \d+;$/m);
    // One view of failed instances for all worker processes (a rolling restart relies on it).
    expect(conf).toMatch(/^\s+zone driver_portal \d+k;$/m);
    // Below Node's 5 s keep-alive timeout, so nginx never reuses a connection the instance is closing.
    expect(Number(/^\s+keepalive_timeout (\d+)s;$/m.exec(conf)?.[1])).toBeLessThan(5);
    expect(conf).toMatch(/proxy_set_header Connection "";/);
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    expect(conf).toMatch(/proxy_next_upstream error timeout http_502 http_503;/);
    expect(conf).toMatch(/proxy_buffering off;/);
    // With the port: Next refuses a server action whose Host lacks the Origin's port.
    expect(conf).toMatch(/proxy_set_header Host \$http_host;/);
  });

  it("issue 33, R4-3: answers only its own host name and passes on no client-written X-Forwarded-Host", () => {
    const conf = readFileSync(path.join(root, "deploy/nginx/driver-portal.conf"), "utf8");
    expect(conf).toMatch(/server \{\n\s+listen 80 default_server;\n\s+server_name _;\n\s+return 444;\n\}/);
    expect(conf).toContain(`server_name ${SERVER_NAME_PLACEHOLDER};`);
    expect(conf).toMatch(/proxy_set_header X-Forwarded-Host "";/);
    expect(conf).not.toMatch(/X-Forwarded-Host \$/);
  });

  it("issue 33, R4-1: caps event streams per client and in all, within the connections it states", () => {
    const conf = readFileSync(path.join(root, "deploy/nginx/driver-portal.conf"), "utf8");
    const live = /location = \/api\/live \{([^}]*)\}/.exec(conf)?.[1] ?? "";
    expect(live).toMatch(/proxy_buffering off;/);
    expect(live).toMatch(/limit_conn_status 429;/);
    const perClient = Number(/limit_conn live_per_client (\d+);/.exec(live)?.[1]);
    const all = Number(/limit_conn live_all (\d+);/.exec(live)?.[1]);
    expect(perClient).toBeGreaterThan(0);
    expect(perClient).toBeLessThanOrEqual(20);
    // A stream holds two connections of one worker; at most half of the stated connections go to streams.
    const main = statedMainContext(conf);
    expect(2 * all).toBeLessThanOrEqual(main.workerConnections / 2);
    expect(main.workerRlimitNofile).toBeGreaterThanOrEqual(2 * main.workerConnections);
    // A dead stream is closed after a few missed heartbeats, well inside the portal's default lifetime (600 s).
    const readTimeout = Number(/proxy_read_timeout (\d+)s;/.exec(live)?.[1]);
    expect(readTimeout * 1000).toBeGreaterThanOrEqual(3 * HEARTBEAT_MS);
    expect(readTimeout).toBeLessThan(600);
  });

  it("becomes the multi-instance journeys' site with only the addresses and the test's pinning changed", () => {
    const shipped = readFileSync(path.join(root, "deploy/nginx/driver-portal.conf"), "utf8");
    const site = clusterSiteConfig(shipped, { listenPort: 3110, instancePorts: [3111, 3112] });
    const directives = (text: string) =>
      text
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== "" && !line.startsWith("#"));
    const changed = /^(listen |server 127|proxy_pass |server_name portal)/;
    for (const directive of directives(shipped).filter((line) => !changed.test(line)))
      expect(directives(site), directive).toContain(directive);
    expect(site).toMatch(
      /server 127\.0\.0\.1:3111 max_fails=2 fail_timeout=10s;\n\s+server 127\.0\.0\.1:3112 max_fails/,
    );
    expect(site).not.toMatch(/:300[12]\b/);
    // The pinned upstreams drop idle connections as early as the shipped one does.
    expect(site).toContain("upstream e2e_instance_a { server 127.0.0.1:3111; keepalive 8; keepalive_timeout 4s; }");
    expect(() =>
      clusterSiteConfig(shipped.replace(`server_name ${SERVER_NAME_PLACEHOLDER};`, ""), {
        listenPort: 1,
        instancePorts: [2, 3],
      }),
    ).toThrow(/no server_name portal\.example\.com/);
    const dir = mkdtempSync(path.join(tmpdir(), "nginx-cluster-"));
    writeFileSync(path.join(dir, "site.conf"), site);
    writeFileSync(
      path.join(dir, "nginx.conf"),
      nginxMainConfig(dir, path.join(dir, "site.conf"), statedMainContext(shipped)),
    );
    expect(nginxRefuses(NGINX, dir, path.join(dir, "nginx.conf"))).toBeNull();
  });
});
