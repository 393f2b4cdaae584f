import { createServer, request as httpRequest, type Server } from "node:http";
import { networkInterfaces } from "node:os";
import { randomUUID } from "node:crypto";
import { expect, test } from "../fixtures";
import { CLUSTER_ORIGIN, CLUSTER_PORTS, type InstanceName } from "./cluster";
import { clusterContext, instanceAddress, newDriver, signedInOn, useCluster } from "./journeys";
import { PIN_HEADER, UPSTREAM_HEADER } from "../../support/nginx-config";
import { scrapeMetrics, sumOf } from "../../../bench/lib/metrics";

/**
 * Issue 39 on two instances behind the shipped nginx: each instance counts what it served (/api/metrics), exports
 * one trace per request to an OTLP receiver, fails readiness while it drains, and shows no driver data in a label
 * or span attribute; its metrics refuse a client that is not on this machine.
 */

const TOKEN = "metrics-token-of-the-e2e-cluster";
/** The first address of this machine that is not loopback: nginx listens there too, for a "remote" client. */
const REMOTE_ADDRESS =
  Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address ?? null;

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, unknown>;
}
const spans: ReceivedSpan[] = [];
let receiver: Server | null = null;

/** OTLP/JSON ids are hex; a base64 id (protobuf-style JSON) is turned into hex. */
const hexId = (id: unknown) =>
  typeof id !== "string" || id === ""
    ? ""
    : /^[0-9a-f]+$/i.test(id)
      ? id.toLowerCase()
      : Buffer.from(id, "base64").toString("hex");

test.beforeAll(async () => {
  // The OTLP receiver, before the instances start exporting to it.
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      type Value = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as {
        resourceSpans?: {
          scopeSpans?: {
            spans?: (Omit<ReceivedSpan, "attributes"> & { attributes?: { key: string; value: Value }[] })[];
          }[];
        }[];
      };
      for (const resource of body.resourceSpans ?? [])
        for (const scope of resource.scopeSpans ?? [])
          for (const span of scope.spans ?? [])
            spans.push({
              traceId: hexId(span.traceId),
              spanId: hexId(span.spanId),
              parentSpanId: hexId(span.parentSpanId),
              name: span.name,
              attributes: Object.fromEntries(
                (span.attributes ?? []).map(({ key, value }) => [
                  key,
                  value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue,
                ]),
              ),
            });
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver!.listen(CLUSTER_PORTS.receiver, "127.0.0.1", resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

const cluster = useCluster("ampeco", {
  env: {
    METRICS_ENABLED: "true",
    METRICS_TOKEN: TOKEN,
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${CLUSTER_PORTS.receiver}`,
    // The platform calls' log lines are at info: the trace id is read from them.
    LOG_LEVEL: "info",
    SHUTDOWN_UNREADY_MS: "1500",
  },
  ...(REMOTE_ADDRESS ? { alsoListen: REMOTE_ADDRESS } : {}),
});

const instancePort = (name: InstanceName) => CLUSTER_PORTS.instances[name === "a" ? 0 : 1];

/** One instance's metrics as `name{labels}` → value, scraped on its own port from loopback. */
async function scrape(name: InstanceName): Promise<Map<string, number>> {
  const figures = await scrapeMetrics(`http://127.0.0.1:${instancePort(name)}`);
  expect(figures, `metrics of instance ${name}`).not.toBeNull();
  return figures!;
}

const total = sumOf;

async function cookieOf(context: { cookies(): Promise<{ name: string; value: string }[]> }): Promise<string> {
  return (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

let driver: { id: number; email: string };
/** The driver's sign-in cookies, from the first test on. */
let cookie = "";

test("a scripted run is counted on the instance that served each step", async ({ browser }) => {
  test.setTimeout(120_000);
  driver = await newDriver(cluster(), "metrics");
  const before = { a: await scrape("a"), b: await scrape("b") };
  const grew = async (name: InstanceName, metric: string, labels: Record<string, string> = {}) =>
    total(await scrape(name), metric, labels) - total(before[name], metric, labels);

  // A sign-in on A: its link is mailed by A.
  const { context, page } = await signedInOn(browser, "a", driver.email);
  expect(await grew("a", "portal_mails_total", { outcome: "sent" })).toBeGreaterThanOrEqual(1);
  expect(await grew("b", "portal_mails_total")).toBe(0);

  // A voucher on B.
  const code = `OBS-${randomUUID().slice(0, 8).toUpperCase()}`;
  await cluster().platform("POST", "/__emulator/vouchers", { code, amount: 2, currency: "EUR" });
  const onB = await clusterContext(browser, "b", await context.storageState());
  const pageB = await onB.newPage();
  await pageB.goto("/vouchers");
  await pageB.getByLabel("Voucher code").fill(code);
  await pageB.getByRole("button", { name: "Redeem voucher" }).click();
  await expect(pageB.getByRole("status").filter({ hasText: /Voucher (accepted|redeemed)/ })).toBeVisible();
  expect(await grew("b", "portal_platform_calls_total", { endpoint: "vouchers.redeem", outcome: "ok" })).toBe(1);
  expect(await grew("a", "portal_platform_calls_total", { endpoint: "vouchers.redeem" })).toBe(0);

  // A callback with a bad signature, to A: refused, counted and logged there.
  const refused = await fetch(`${CLUSTER_ORIGIN}/api/platform/callbacks`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-signature": "0".repeat(64), [PIN_HEADER]: "a" },
    body: JSON.stringify({ notification: "userBalance.changed", userId: driver.id }),
  });
  expect(refused.status).toBe(401);
  expect(refused.headers.get(UPSTREAM_HEADER)).toBe(instanceAddress("a"));
  expect(await grew("a", "portal_callbacks_total", { outcome: "bad_signature" })).toBe(1);
  expect(await grew("b", "portal_callbacks_total", { outcome: "bad_signature" })).toBe(0);
  // A request is counted when its answer has closed: a moment after the client has it.
  await expect
    .poll(() => grew("a", "portal_http_requests_total", { route: "/api/platform/callbacks", status: "401" }))
    .toBe(1);
  expect(cluster().instanceOutput("a")).toContain("callback refused: bad_signature (401)");

  // No tab stays open to call the platform meanwhile.
  cookie = await cookieOf(context);
  await onB.close();
  await context.close();

  // A platform 429 on B: the call waits, tries again and succeeds.
  await cluster().platform("PUT", "/__emulator/faults", { rules: [{ path: "/public-api/", status: 429, times: 1 }] });
  const balance = await fetch(`${CLUSTER_ORIGIN}/api/account/balance`, { headers: { cookie, [PIN_HEADER]: "b" } });
  expect(balance.status).toBe(200);
  await cluster().platform("DELETE", "/__emulator/faults");
  expect(await grew("b", "portal_platform_rate_limited_total")).toBe(1);
  expect(await grew("b", "portal_platform_retries_total")).toBeGreaterThanOrEqual(1);
  expect(await grew("a", "portal_platform_rate_limited_total")).toBe(0);

  // A stream on A: open while it lasts.
  const stream = new AbortController();
  const live = await fetch(`${CLUSTER_ORIGIN}/api/live`, {
    headers: { cookie, accept: "text/event-stream", [PIN_HEADER]: "a" },
    signal: stream.signal,
  });
  expect(live.status).toBe(200);
  await live.body!.getReader().read();
  expect(total(await scrape("a"), "portal_live_streams_open")).toBe(1);
  expect(total(await scrape("b"), "portal_live_streams_open")).toBe(0);
  stream.abort();
  await expect.poll(async () => total(await scrape("a"), "portal_live_streams_open"), { timeout: 15_000 }).toBe(0);
  void page;
});

/** The spans received so far of `traceId`. */
const traceOf = (traceId: string) => spans.filter((span) => span.traceId === traceId);

test("one trace per request, with platform and database spans, and its id in the log line", async () => {
  test.setTimeout(60_000);
  const from = spans.length;
  for (let i = 0; i < 2; i++) {
    const answer = await fetch(`${CLUSTER_ORIGIN}/account`, { headers: { cookie, [PIN_HEADER]: "b" } });
    expect(answer.status).toBe(200);
  }
  const roots = () => spans.slice(from).filter((span) => span.name === "GET /account");
  await expect.poll(() => roots().length, { timeout: 15_000 }).toBe(2);
  expect(new Set(roots().map((root) => root.traceId)).size, "two requests, two traces").toBe(2);
  for (const root of roots()) {
    expect(root.parentSpanId, "the request's span is the root").toBe("");
    await expect
      .poll(() => traceOf(root.traceId).map((span) => span.name.split(" ")[0]), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(["platform", "db"]));
    const trace = traceOf(root.traceId);
    expect(
      trace.filter((span) => span.parentSpanId === ""),
      "one root in the trace",
    ).toHaveLength(1);
    const ids = new Set(trace.map((span) => span.spanId));
    for (const child of trace.filter((span) => span !== root))
      expect(ids.has(child.parentSpanId), `${child.name} hangs in the request's tree`).toBe(true);
    expect(trace.filter((span) => span.parentSpanId === root.spanId).length).toBeGreaterThanOrEqual(2);
    expect(trace.find((span) => span.name.startsWith("platform "))?.attributes["platform.endpoint"]).toBeTruthy();
  }
  // The platform call's log line names the trace of the request that made it.
  const logged = cluster()
    .instanceOutput("b")
    .split("\n")
    .filter((line) => line.includes('"msg":"platform call"'))
    .map((line) => (JSON.parse(line) as { traceId?: string }).traceId);
  for (const root of roots()) expect(logged, "a platform call's log line carries the trace id").toContain(root.traceId);
  // The sign-in's mail had its span inside a request's trace.
  expect(spans.some((span) => span.name === "mail send" && span.parentSpanId !== "")).toBe(true);
});

test("no driver data in any metric label or span attribute", async () => {
  // Paths that carry the driver's id and address: counted and traced by their route pattern only.
  for (const path of [
    `/api/admin/users/${driver.id}/expense-pack`,
    `/sessions/${driver.id}`,
    `/nowhere/${encodeURIComponent(driver.email)}`,
  ]) {
    // Read to the end: a request is counted when its response closes, which may be after the headers arrive.
    const answer = await fetch(`${CLUSTER_ORIGIN}${path}`, {
      headers: { cookie, [PIN_HEADER]: "a" },
      redirect: "manual",
    });
    await answer.arrayBuffer();
  }
  const id = new RegExp(`(^|\\D)${driver.id}(\\D|$)`);
  const driverData = (text: string) =>
    text.includes("@") || text.toLowerCase().includes(driver.email.split("@")[0]!.toLowerCase()) || id.test(text);
  /** A raw path: a segment of digits (an id) where a route pattern names `[id]`. */
  const rawPath = (text: string) => text.startsWith("/") && text.split("/").some((segment) => /^\d+$/.test(segment));
  const labels = async () => {
    const seen: { label: string; series: string; instance: string }[] = [];
    for (const name of ["a", "b"] as const) {
      for (const series of (await scrape(name)).keys()) {
        for (const [, key, value] of series.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
          // Figures, not names: a histogram's bucket, a status, Node's version.
          if (["le", "status", "version", "major", "minor", "patch"].includes(key!)) continue;
          seen.push({ label: `${key}=${value}`, series, instance: name });
        }
      }
    }
    return seen;
  };
  // The last answer's count may land a moment after its body: poll until both routes are counted.
  await expect
    .poll(async () => (await labels()).map(({ label }) => label), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(["route=/api/admin/users/[id]/expense-pack", "route=(other)"]));
  for (const { label, series, instance } of await labels()) {
    const value = label.slice(label.indexOf("=") + 1);
    expect(driverData(value) || rawPath(value), `${instance}: ${series}`).toBe(false);
  }
  await expect
    .poll(() => spans.some((span) => span.name.includes("/api/admin/users/[id]")), { timeout: 15_000 })
    .toBe(true);
  for (const span of spans) {
    expect(driverData(span.name) || rawPath(span.name.split(" ")[1] ?? ""), span.name).toBe(false);
    for (const [key, value] of Object.entries(span.attributes))
      expect(driverData(String(value)) || rawPath(String(value)), `${span.name}: ${key}=${String(value)}`).toBe(false);
  }
});

/** GET /api/metrics through nginx from `address` (this machine's non-loopback address): its status. */
function metricsThroughNginxFrom(address: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: address,
        port: CLUSTER_PORTS.nginx,
        path: "/api/metrics",
        headers: { host: `localhost:${CLUSTER_PORTS.nginx}`, ...headers },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("error", reject);
    request.end();
  });
}

test("the metrics answer this machine and the token, and refuse anyone else", async () => {
  const direct = `http://127.0.0.1:${instancePort("a")}/api/metrics`;
  // What nginx sends for a remote client (TRUSTED_PROXY_HOPS=1): refused without the token.
  expect((await fetch(direct, { headers: { "x-forwarded-for": "198.51.100.7" } })).status).toBe(403);
  expect(
    (
      await fetch(direct, {
        headers: { "x-forwarded-for": "198.51.100.7", authorization: "Bearer not-the-token-at-all" },
      })
    ).status,
  ).toBe(403);
  const withToken = await fetch(direct, {
    headers: { "x-forwarded-for": "198.51.100.7", authorization: `Bearer ${TOKEN}` },
  });
  expect(withToken.status).toBe(200);
  expect(await withToken.text()).toContain("portal_http_requests_total");
  if (!REMOTE_ADDRESS) {
    console.warn(
      "\n!!! observability: this machine has no non-loopback IPv4 address; the nginx refusal is not run !!!\n",
    );
    return;
  }
  // A client on another address, through nginx: refused, even when it writes a loopback X-Forwarded-For itself.
  expect(await metricsThroughNginxFrom(REMOTE_ADDRESS, {})).toBe(403);
  expect(await metricsThroughNginxFrom(REMOTE_ADDRESS, { "x-forwarded-for": "127.0.0.1" })).toBe(403);
  expect(await metricsThroughNginxFrom(REMOTE_ADDRESS, { authorization: `Bearer ${TOKEN}` })).toBe(200);
  // From this machine through nginx: allowed.
  expect((await fetch(`${CLUSTER_ORIGIN}/api/metrics`)).status).toBe(200);
});

test("readiness fails during a drain, and nginx stops sending to the instance before it exits", async () => {
  test.setTimeout(90_000);
  const readyOfA = () =>
    fetch(`http://127.0.0.1:${instancePort("a")}/api/health/ready`).then(
      (answer) => answer.status,
      () => "refused" as const,
    );
  expect(await readyOfA()).toBe(200);
  // Every platform read takes 4.5 s (under the 5 s timeout): a page on A is still being answered while A drains.
  await cluster().platform("PUT", "/__emulator/faults", {
    rules: [{ method: "GET", path: "/public-api/", delayMs: 4_500, times: 10 }],
  });
  const slow = fetch(`${CLUSTER_ORIGIN}/account`, { headers: { cookie, [PIN_HEADER]: "a" } });
  await expect
    .poll(async () => total(await scrape("a"), "portal_http_requests_in_flight"), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(2);
  let exited = false;
  const exitCode = cluster()
    .stopInstance("a")
    .then((code) => {
      exited = true;
      return code;
    });
  await expect.poll(readyOfA, { timeout: 5_000, intervals: [100] }).toBe(503);
  // Then the port closes, and nginx sends everything to B while A still answers the slow page.
  await expect.poll(readyOfA, { timeout: 10_000, intervals: [100] }).toBe("refused");
  for (let i = 0; i < 4; i++) {
    const answer = await fetch(`${CLUSTER_ORIGIN}/api/health/live`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get(UPSTREAM_HEADER)).toMatch(new RegExp(`${instanceAddress("b")}$`));
  }
  expect(exited, "instance A still drains its request").toBe(false);
  expect((await slow).status).toBe(200);
  expect(await exitCode).toBe(0);
  expect(cluster().instanceOutput("a")).toContain("not ready; closing the port in");
  await cluster().platform("DELETE", "/__emulator/faults");
});
