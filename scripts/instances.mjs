#!/usr/bin/env node
// `npm run instances -- [count] [first port]`: N portal instances on one machine for a load balancer
// in front (deploy/nginx/driver-portal.conf), each a plain `next start` with the portal's node
// options on its own port (default 2 instances from 3001). They share the database named by
// DATABASE_URL (PGlite is one process's files: several instances need Postgres) and every other
// setting from the environment. Ctrl-C or SIGTERM stops them all gracefully. Build first
// (`npx next build`, or one `npm start`). In production use deploy/systemd/driver-portal@.service.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PORTAL_NODE_ARGS } from "./portal-node-args.mjs";

/** The command line of each instance: its port and node arguments; loopback only, behind nginx. Pure. */
export function instanceCommands(count, firstPort, host = "127.0.0.1") {
  return Array.from({ length: count }, (_, index) => {
    const port = firstPort + index;
    const next = ["node_modules/next/dist/bin/next", "start", "-H", host, "-p", String(port)];
    return { port, args: [...PORTAL_NODE_ARGS, ...next] };
  });
}

/** What is wrong with the request, in words; null when the instances can start. */
export function instancesProblem({ count, firstPort, databaseUrl, built }) {
  if (!Number.isInteger(count) || count < 1 || count > 16)
    return "the instance count must be a whole number from 1 to 16";
  if (!Number.isInteger(firstPort) || firstPort < 1024 || firstPort + count - 1 > 65535)
    return "the first port must be a whole number from 1024, with room for every instance";
  if (!databaseUrl)
    return "DATABASE_URL must name the Postgres database the instances share (PGlite serves one process only)";
  if (!built) return "no build found: run `npx next build` (or `npm start` once) first";
  return null;
}

function main() {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
  const count = Number(process.argv[2] ?? 2);
  const firstPort = Number(process.argv[3] ?? 3001);
  const problem = instancesProblem({
    count,
    firstPort,
    databaseUrl: process.env.DATABASE_URL,
    built: existsSync(path.join(root, ".next", "BUILD_ID")),
  });
  if (problem) {
    console.error(`[instances] ${problem}`);
    process.exit(1);
  }
  const env = { ...process.env, NODE_ENV: "production" };
  const children = instanceCommands(count, firstPort, process.env.HOST || "127.0.0.1").map(({ port, args }) => {
    console.log(`[instances] starting the portal on port ${port}`);
    return spawn(process.execPath, args, { cwd: root, env: { ...env, PORT: String(port) }, stdio: "inherit" });
  });
  let running = children.length;
  for (const child of children)
    child.on("exit", () => {
      running -= 1;
      if (running === 0) process.exit(0);
    });
  // Each instance drains its own requests (scripts/graceful-shutdown.mjs); pass the signal on by pid.
  for (const signal of ["SIGINT", "SIGTERM"])
    process.on(signal, () => {
      for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
