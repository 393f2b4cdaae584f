import { request as httpRequest } from "node:http";
import type { BrowserContext } from "@playwright/test";
import { expect, latestSignInLink, test } from "../fixtures";
import { CLUSTER_ORIGIN, CLUSTER_PORTS } from "./cluster";
import { clusterContext, instanceAddress, newDriver, openOn, signedInOn, useCluster } from "./journeys";
import { readUntil } from "../../support/event-stream";
import { PIN_HEADER, UPSTREAM_HEADER } from "../../support/nginx-config";

/**
 * Issue 33 on two instances behind the shipped nginx (ampeco, where tabs get event streams): R4-1 the caps on
 * streams, R4-7 a sign-out ending a stream another instance serves, R4-3 links and host names.
 */
const cluster = useCluster("ampeco");
const STREAMS = 50;
/** The portal's default cap per account (LIVE_STREAMS_PER_ACCOUNT). */
const PER_ACCOUNT = 5;

const cookieOf = async (context: BrowserContext) =>
  (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");

interface OpenStream {
  /** Held so it is not collected: Node's fetch cancels the body of a collected Response, and the server frees its slot. */
  response: Response;
  status: number;
  server: string | null;
  body: ReadableStream<Uint8Array> | null;
  close: () => void;
}

/** Opens `/api/live` at `origin` as a tab of the signed-in driver would, and leaves it open. */
async function openStream(origin: string, cookie: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const abort = new AbortController();
  const response = await fetch(`${origin}/api/live`, {
    headers: { cookie, accept: "text/event-stream", ...headers },
    signal: abort.signal,
  });
  if (response.status !== 200) await response.body?.cancel();
  return {
    response,
    status: response.status,
    server: response.headers.get(UPSTREAM_HEADER),
    body: response.status === 200 ? response.body : null,
    close: () => abort.abort(),
  };
}

const statusOfSignIn = async (origin: string) => (await fetch(`${origin}/signin`)).status;

/** A raw GET with the Host header the caller chooses; "closed" when nginx answers nothing at all. */
function rawGet(path: string, headers: Record<string, string>): Promise<number | "closed"> {
  return new Promise((resolve) => {
    const request = httpRequest(
      { host: "127.0.0.1", port: CLUSTER_PORTS.nginx, path, headers, agent: false },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("error", () => resolve("closed"));
    request.end();
  });
}

/** Whether the server has already ended an open stream: its body ends within a moment (the tab reads on meanwhile). */
async function endedByServer(stream: OpenStream): Promise<boolean> {
  if (!stream.body) return false;
  const reader = stream.body.getReader();
  const settled = (async () => {
    for (;;) if ((await reader.read()).done) return true;
  })().catch(() => true);
  const ended = await Promise.race([settled, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 300))]);
  reader.releaseLock();
  return ended;
}

/**
 * Opens 50 streams at once at `origin`, checks /signin answers 200 meanwhile, closes them: the statuses, and how many of
 * the opened streams the server had ended before the close (a cap that holds at every moment but gives a slot back
 * early would open more than five in all: the count says which it was).
 */
async function fiftyStreams(origin: string, cookie: string): Promise<{ statuses: number[]; endedEarly: number }> {
  const streams = await Promise.all(Array.from({ length: STREAMS }, () => openStream(origin, cookie)));
  try {
    for (let i = 0; i < 5; i++)
      expect(await statusOfSignIn(origin), "anonymous /signin while streams are open").toBe(200);
    const ended = await Promise.all(streams.map(endedByServer));
    return { statuses: streams.map((stream) => stream.status), endedEarly: ended.filter(Boolean).length };
  } finally {
    for (const stream of streams) stream.close();
  }
}

function expectCapped({ statuses, endedEarly }: { statuses: number[]; endedEarly: number }, where: string) {
  const opened = statuses.filter((status) => status === 200).length;
  expect(opened, `${where}: streams opened (${endedEarly} of them already ended by the server)`).toBe(PER_ACCOUNT);
  expect(statuses.filter((status) => status === 429)).toHaveLength(STREAMS - PER_ACCOUNT);
}

test("R4-1: 50 streams from one driver, through nginx and to a bare instance, are capped; /signin stays 200", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const driver = await newDriver(cluster(), "streams");
  const { context, page } = await signedInOn(browser, null, driver.email);
  // Only the streams below count: no page of the driver holds one.
  await page.close();
  const cookie = await cookieOf(context);

  expectCapped(await fiftyStreams(CLUSTER_ORIGIN, cookie), "through nginx");

  // The closed streams give their slots back; then straight to one instance, past nginx's own limits.
  const bare = `http://127.0.0.1:${CLUSTER_PORTS.instances[0]}`;
  await expect
    .poll(async () => {
      const probe = await openStream(bare, cookie);
      probe.close();
      return probe.status;
    })
    .toBe(200);
  expectCapped(await fiftyStreams(bare, cookie), "straight to one instance");
  await context.close();
});

test("R4-7: sign-out everywhere on instance A ends the stream instance B serves at once, not at its next heartbeat", async ({
  browser,
}) => {
  const driver = await newDriver(cluster(), "sign-out-stream");
  const onA = await signedInOn(browser, "a", driver.email);
  await openOn(onA.page, "/account/security", "a");
  const stream = await openStream(CLUSTER_ORIGIN, await cookieOf(onA.context), { [PIN_HEADER]: "b" });
  expect(stream.status).toBe(200);
  expect(stream.server, "the stream served by instance B").toBe(instanceAddress("b"));
  await readUntil(stream.body!, (text) => text.includes("retry:"));

  const signedOutAt = Date.now();
  await onA.page.getByRole("button", { name: "Sign out on all devices" }).click();
  const rest = await readUntil(stream.body!, (text) => text.includes("event: end"));
  expect(rest).toContain('event: end\ndata: {"reason":"signed-out"}');
  // The stream's first heartbeat is 15 s after it opened; the end came through the bus well before.
  expect(Date.now() - signedOutAt).toBeLessThan(5_000);
  await onA.context.close();
});

test("R4-3: with AUTH_TRUST_HOST, a forged Host reaches no instance and every link points at AUTH_URL", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const evil = "portal-login.evil.example";
  // The shipped nginx answers only its own host names: a request for another ends unanswered.
  for (const path of ["/signin", "/api/health", "/api/auth/csrf"])
    expect(await rawGet(path, { host: evil, origin: `http://${evil}` }), path).toBe("closed");
  expect(await rawGet("/api/health", { host: `localhost:${CLUSTER_PORTS.nginx}` })).toBe(200);

  // A client's own X-Forwarded-Host is dropped by nginx and read by no link: the mailed link is on AUTH_URL.
  const driver = await newDriver(cluster(), "forged-host");
  const context = await clusterContext(browser, null);
  await context.setExtraHTTPHeaders({ "x-forwarded-host": evil });
  const page = await context.newPage();
  await page.goto("/signin");
  await page.getByLabel("E-mail address").fill(driver.email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  expect(await latestSignInLink(page, driver.email)).toMatch(new RegExp(`^${CLUSTER_ORIGIN}/api/auth/callback/`));
  await context.close();

  // And an instance configured with AUTH_TRUST_HOST but no AUTH_URL does not start in production, saying why.
  const refused = await cluster().refusedStart({ AUTH_URL: undefined, AUTH_TRUST_HOST: "true" });
  expect(refused.code).toBe(1);
  expect(refused.output).toContain("AUTH_TRUST_HOST=true without AUTH_URL is refused in production");
});
