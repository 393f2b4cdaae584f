import { spawn, type ChildProcess } from "node:child_process";
import { request } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fixturePort } from "../support/fixture-port";

/**
 * scripts/page-queue.mjs in a real process (tests/fixtures/page-queue-server.mjs): at most PAGE_CONCURRENCY pages
 * render at once, the rest start in the order they came; route handlers never wait; a page gives its place up with its
 * first bytes; a page that waited 10 s starts anyway; a driver who gives up leaves the queue.
 */
const root = process.cwd();
let child: ChildProcess | null = null;
afterEach(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  child = null;
});

async function startServer(concurrency: string): Promise<number> {
  const started = spawn(
    process.execPath,
    ["--import=./scripts/page-queue.mjs", path.join(root, "tests/fixtures/page-queue-server.mjs")],
    { cwd: root, env: { ...process.env, PAGE_CONCURRENCY: concurrency }, stdio: ["ignore", "pipe", "pipe"] },
  );
  child = started;
  return fixturePort(started).port;
}

/** A GET on a connection of its own; resolves with the body and when it ended. `abortAfterMs` gives up waiting. */
function get(port: number, pathname: string, abortAfterMs?: number) {
  return new Promise<{ body: string; endedAt: number }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: pathname, agent: false }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ body, endedAt: performance.now() }));
    });
    req.on("error", (error) => (abortAfterMs === undefined ? reject(error) : resolve({ body: "", endedAt: 0 })));
    if (abortAfterMs !== undefined) setTimeout(() => req.destroy(), abortAfterMs);
    req.end();
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stats = async (port: number) =>
  JSON.parse((await get(port, "/api/stats")).body) as { started: string[]; mostAtOnce: number };

/** Sends the pages one after another, each after the one before has reached the server. */
async function sendInOrder(port: number, paths: string[]) {
  const answers = [];
  for (const pathname of paths) {
    answers.push(get(port, pathname));
    await pause(30);
  }
  return Promise.all(answers);
}

describe("the page queue", () => {
  it("renders at most PAGE_CONCURRENCY pages at once and starts the rest in the order they came", async () => {
    const port = await startServer("2");
    const ids = ["a", "b", "c", "d", "e", "f"];
    await sendInOrder(
      port,
      ids.map((id) => `/page?id=${id}&ms=150`),
    );
    expect(await stats(port)).toEqual({ started: ids, mostAtOnce: 2 });
  });

  it("never holds a route handler, and without a limit (0) every page starts at once", async () => {
    const port = await startServer("1");
    const holding = get(port, "/page?id=slow&ms=1500");
    await pause(50);
    const started = performance.now();
    await get(port, "/api/stats");
    expect(performance.now() - started, "/api/ waits for no page").toBeLessThan(500);
    await holding;

    child?.kill("SIGKILL");
    const open = await startServer("0");
    await sendInOrder(
      open,
      ["a", "b", "c", "d"].map((id) => `/page?id=${id}&ms=400`),
    );
    expect((await stats(open)).mostAtOnce).toBe(4);
  });

  it("a page gives its place up once its first bytes are sent", async () => {
    const port = await startServer("1");
    const streamed = get(port, "/streamed?ms=1500");
    await pause(50);
    const started = performance.now();
    await get(port, "/page?id=next&ms=0");
    expect(performance.now() - started, "the next page did not wait for the stream's end").toBeLessThan(700);
    await streamed;
  });

  it("a page that waited ten seconds starts anyway, so a page held by a slow platform holds no one longer", async () => {
    const port = await startServer("1");
    const holding = get(port, "/page?id=held&ms=14000");
    await pause(50);
    const sent = performance.now();
    const { endedAt } = await get(port, "/page?id=next&ms=0");
    expect(endedAt - sent).toBeGreaterThanOrEqual(9_900);
    expect(endedAt - sent).toBeLessThan(13_000);
    child?.kill("SIGKILL");
    await holding.catch(() => undefined);
  }, 20_000);

  it("a driver who gives up waiting leaves the queue: that page never renders", async () => {
    const port = await startServer("1");
    const holding = get(port, "/page?id=first&ms=600");
    await pause(50);
    const gaveUp = get(port, "/page?id=gave-up&ms=0", 100);
    await pause(150);
    const third = get(port, "/page?id=third&ms=0");
    await Promise.all([holding, gaveUp, third]);
    expect((await stats(port)).started).toEqual(["first", "third"]);
  });
});
