// Preloaded into the portal's server process (PORTAL_NODE_ARGS: --import). On SIGTERM (or SIGINT)
// the portal stops taking new connections, lets the requests in flight finish — CSV and
// expense-pack streams included — for up to SHUTDOWN_GRACE_MS (default 30 s), runs the app's
// shutdown hooks (the database pool closes: lib/core/shutdown.ts), and exits 0. A load balancer in
// front sees the port close and routes around this instance (deploy/nginx).
//
// Next's own handler would exit at once (143) and cut every stream: NEXT_MANUAL_SIG_HANDLE hands
// the signals to this file instead.
import http from "node:http";

process.env.NEXT_MANUAL_SIG_HANDLE = "true";

const DEFAULT_GRACE_MS = 30_000;
const configuredGrace = process.env.SHUTDOWN_GRACE_MS ? Number(process.env.SHUTDOWN_GRACE_MS) : DEFAULT_GRACE_MS;
// This file runs before the app; lib/core/config.ts refuses a bad value at start. Should it ever get one, the
// default holds rather than no grace at all.
const graceMs = Number.isInteger(configuredGrace) && configuredGrace >= 0 ? configuredGrace : DEFAULT_GRACE_MS;
// How long /api/health/ready answers 503 before the port closes, for a balancer that polls readiness (default 0:
// nginx, which checks passively, sees the closed port at once).
const configuredUnready = Number(process.env.SHUTDOWN_UNREADY_MS ?? 0);
const unreadyMs = Number.isInteger(configuredUnready) && configuredUnready >= 0 ? configuredUnready : 0;
const servers = new Set();
let inFlight = 0;
let draining = false;
let allDone = () => {};

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function emitTrackingRequests(event, request, response, ...rest) {
  if (event === "listening") servers.add(this);
  if (event === "request" && response) {
    servers.add(this);
    inFlight += 1;
    // While draining, each answer also ends its keep-alive connection, so clients reconnect elsewhere.
    if (draining && !response.headersSent) response.setHeader("connection", "close");
    response.once("close", () => {
      inFlight -= 1;
      if (draining && inFlight === 0) allDone();
    });
  }
  return emit.call(this, event, request, response, ...rest);
};

function log(message) {
  process.stdout.write(
    `${JSON.stringify({ level: "info", time: new Date().toISOString(), scope: "shutdown", msg: message })}\n`,
  );
}

async function runShutdownHooks() {
  const hooks = globalThis.__driverPortalShutdownHooks ?? [];
  log(`running ${hooks.length} shutdown hook(s)`);
  for (const hook of hooks) {
    try {
      await hook();
    } catch (error) {
      log(`a shutdown hook failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

async function shutdown(signal) {
  if (draining) return;
  draining = true;
  // Readiness fails from now on (lib/core/shutdown.ts, isDraining), while the port still answers for unreadyMs.
  globalThis.__driverPortalDraining = true;
  if (unreadyMs > 0) {
    log(`${signal}: not ready; closing the port in ${unreadyMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, unreadyMs));
  }
  log(`${signal}: no new connections; waiting for ${inFlight} request(s) in flight (at most ${graceMs} ms)`);
  for (const server of servers) {
    server.close();
    server.closeIdleConnections?.();
  }
  // Streams that never end on their own (the live events) close now; their tabs reconnect to another instance.
  for (const hook of [...(globalThis.__driverPortalDrainHooks ?? [])]) {
    try {
      hook();
    } catch (error) {
      log(`a drain hook failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const finished =
    inFlight === 0 ||
    (await new Promise((resolve) => {
      allDone = () => resolve(true);
      setTimeout(() => resolve(false), graceMs).unref();
    }));
  if (!finished) log(`grace period over with ${inFlight} request(s) still open; closing them`);
  for (const server of servers) server.closeAllConnections?.();
  await runShutdownHooks();
  log("stopped");
  process.exit(0);
}

process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
