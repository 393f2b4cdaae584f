import { spawn, type ChildProcess } from "node:child_process";
import { request } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fixturePort } from "../support/fixture-port";

/**
 * scripts/graceful-shutdown.mjs in a real process (tests/fixtures/shutdown-server.mjs): on SIGTERM
 * the port closes, requests in flight finish (a stream keeps streaming), the shutdown hooks run and
 * the process exits 0; past SHUTDOWN_GRACE_MS the open ones are cut and it still exits 0.
 */
const root = process.cwd();
let child: ChildProcess | null = null;
afterEach(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  child = null;
});

async function startServer(env: Record<string, string> = {}) {
  const started = spawn(
    process.execPath,
    ["--import=./scripts/graceful-shutdown.mjs", path.join(root, "tests/fixtures/shutdown-server.mjs")],
    // SHUTDOWN_GRACE_MS empty counts as unset (the default), unless the test sets it.
    { cwd: root, env: { ...process.env, SHUTDOWN_GRACE_MS: "", ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  child = started;
  const { port: listening, output } = fixturePort(started);
  const port = await listening;
  const exited = new Promise<number | null>((resolve) => started.once("exit", (code) => resolve(code)));
  return { port, exited, output };
}

/** A GET whose body arrives in chunks; resolves with the whole body (or what came before a cut). */
function get(port: number, pathname: string, onFirstChunk?: () => void) {
  return new Promise<{ status: number; body: string; complete: boolean }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: pathname, agent: false }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => {
        if (body === "") onFirstChunk?.();
        body += chunk.toString();
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body, complete: response.complete }));
      response.on("aborted", () => resolve({ status: response.statusCode ?? 0, body, complete: false }));
      response.on("error", () => resolve({ status: response.statusCode ?? 0, body, complete: false }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("graceful shutdown", () => {
  it("finishes a stream in flight, refuses new connections, runs the hooks and exits 0", async () => {
    const server = await startServer();
    const streaming = get(server.port, "/stream", () => child!.kill("SIGTERM"));
    const answer = await streaming;
    expect(answer.status).toBe(200);
    expect(answer.complete).toBe(true);
    expect(answer.body.split("\n").filter(Boolean)).toHaveLength(11);
    expect(answer.body.endsWith("done\n")).toBe(true);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("HOOK database closed");
    await expect(get(server.port, "/")).rejects.toThrow(/ECONNREFUSED/);
  });

  it("closes the port at once while a request is still in flight", async () => {
    const server = await startServer();
    let sent = false;
    const streaming = get(server.port, "/stream", () => {
      sent = true;
      child!.kill("SIGTERM");
    });
    await expect.poll(() => sent).toBe(true);
    // The port closes once the signal is handled: wait for that, not for a fixed time.
    await expect
      .poll(
        () =>
          get(server.port, "/").then(
            () => "answered",
            (error: Error) => error.message,
          ),
        { timeout: 5_000 },
      )
      .toMatch(/ECONNREFUSED/);
    expect((await streaming).complete).toBe(true);
    expect(await server.exited).toBe(0);
  });

  it("past SHUTDOWN_GRACE_MS the open requests are cut, the hooks still run, and it exits 0", async () => {
    const server = await startServer({ SHUTDOWN_GRACE_MS: "300" });
    const started = Date.now();
    const hanging = get(server.port, "/hang", () => child!.kill("SIGTERM"));
    expect(await server.exited).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect((await hanging).complete).toBe(false);
    expect(server.output()).toContain("grace period over with 1 request(s) still open");
    expect(server.output()).toContain("HOOK database closed");
  });

  it("closes a stream that never ends by itself (live events) when draining starts, not after the grace period", async () => {
    const server = await startServer();
    const started = Date.now();
    const live = get(server.port, "/live", () => child!.kill("SIGTERM"));
    expect((await live).complete).toBe(true);
    expect(await server.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(server.output()).not.toContain("grace period over");
  });

  it("an idle server stops at once", async () => {
    const server = await startServer();
    const started = Date.now();
    child!.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
