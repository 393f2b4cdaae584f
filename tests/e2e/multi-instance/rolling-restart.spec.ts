import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { DEMO_DRIVER, expect, test } from "../fixtures";
import { CLUSTER_ORIGIN } from "./cluster";
import { instanceAddress, newDriver, signedInOn, useCluster } from "./journeys";
import { PIN_HEADER, UPSTREAM_HEADER } from "../../support/nginx-config";

/**
 * Rolling restarts behind nginx: SIGTERM lets an instance finish what it serves (scripts/graceful-shutdown.mjs)
 * while nginx sends everything new to the other one, so no request through nginx fails, and nothing is
 * lost or done twice.
 */
const cluster = useCluster();

/** The Cookie header of a signed-in browser context, for plain HTTP requests through nginx. */
async function cookieHeader(page: Page): Promise<string> {
  return (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

test("SIGTERM during a CSV export: the export finishes, new requests go to the other instance, the process exits 0", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await signedInOn(browser, "a", DEMO_DRIVER);
  const cookie = await cookieHeader(page);
  // Every platform page of sessions takes 1.5 s: the export is still streaming when the signal comes.
  await cluster().platform("PUT", "/__emulator/faults", {
    rules: [{ method: "GET", path: "/sessions/", delayMs: 1_500, times: 20 }],
  });
  const exported = await fetch(`${CLUSTER_ORIGIN}/api/sessions/export`, { headers: { cookie, [PIN_HEADER]: "a" } });
  expect(exported.status).toBe(200);
  expect(exported.headers.get(UPSTREAM_HEADER)).toBe(instanceAddress("a"));
  const signalledAt = Date.now();
  const exitCode = cluster().stopInstance("a");
  const body = exported.text().then((text) => ({ text, at: Date.now() }));

  // While instance a drains, new requests through nginx are answered, by instance b.
  for (let i = 0; i < 6; i++) {
    const answer = await fetch(`${CLUSTER_ORIGIN}/account`, { headers: { cookie }, redirect: "manual" });
    expect(answer.status, `request ${i} while a drains`).toBe(200);
    expect(answer.headers.get(UPSTREAM_HEADER)).toMatch(new RegExp(`${instanceAddress("b")}$`));
  }

  const csv = await body;
  expect(csv.at - signalledAt, "the export was still running when the signal came").toBeGreaterThan(1_000);
  expect(await exitCode, "instance a exits 0 after draining").toBe(0);
  expect(cluster().instanceOutput("a")).toMatch(/SIGTERM: no new connections; waiting for [1-9]\d* request\(s\)/);
  await cluster().platform("DELETE", "/__emulator/faults");

  // The export that ran through the shutdown is whole: the same sessions as one from the other
  // instance, and the same rows for every ended one (a live session's energy moves on meanwhile).
  const again = await fetch(`${CLUSTER_ORIGIN}/api/sessions/export`, { headers: { cookie, [PIN_HEADER]: "b" } });
  expect(again.status).toBe(200);
  const rows = (text: string) => text.trim().split("\n");
  const ended = (text: string) => rows(text).filter((row) => !row.includes(",charging,"));
  const reference = await again.text();
  expect(rows(csv.text).length, "a header and the driver's sessions").toBeGreaterThan(2);
  expect(rows(csv.text).map((row) => row.split(",")[0])).toEqual(rows(reference).map((row) => row.split(",")[0]));
  expect(ended(csv.text)).toEqual(ended(reference));

  await cluster().startInstance("a");
  const back = await fetch(`${CLUSTER_ORIGIN}/account`, { headers: { cookie, [PIN_HEADER]: "a" }, redirect: "manual" });
  expect(back.status).toBe(200);
  await context.close();
});

/**
 * Rounds run until both instances are back, so a slow restart takes more of them; a voucher per round stops at the
 * driver's limit as shipped (LIMIT_VOUCHER_PER_DRIVER, 10 per 15 minutes), whose refusal an eleventh round met.
 */
const VOUCHERS_PER_DRIVER = 10;

/** One round of a driver's journey: account, a new card, a new voucher (while the limit allows), sessions and the map. */
async function journeyRound(page: Page, card: string, voucher: string | null): Promise<void> {
  // A failed answer fails the round at once, with its status, instead of waiting for a form it lacks.
  const visit = async (path: string) => expect((await page.goto(path))?.status(), path).toBeLessThan(500);
  await visit("/account");
  await expect(page.getByTestId("balance")).toBeVisible();
  await visit("/cards");
  await page.getByLabel("Card code").fill(card);
  await page.getByLabel("Printed number").fill(`NL-ROLL-${card}`);
  await page.getByRole("button", { name: "Add card" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Card NL-ROLL-${card} was added` })).toBeVisible();
  if (voucher) {
    await visit("/vouchers");
    await page.getByLabel("Voucher code").fill(voucher);
    await page.getByRole("button", { name: "Redeem voucher" }).click();
    await expect(page.getByRole("status").filter({ hasText: /Voucher (accepted|redeemed)/ })).toBeVisible();
  }
  await visit("/sessions");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await visit("/map");
  await expect(
    page.getByRole("list", { name: "Charge points, nearest first" }).getByRole("listitem").first(),
  ).toBeVisible();
}

test("a rolling restart of both instances during a driver's journey: no failed request, nothing lost or done twice", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const driver = await newDriver(cluster(), "rolling");
  const { context, page } = await signedInOn(browser, null, driver.email);
  // The map opens on the browser's position at once, instead of waiting out an unanswered prompt.
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: 52.3702, longitude: 4.8952 });
  const failures: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 500)
      failures.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on("requestfailed", (request) => {
    const error = request.failure()?.errorText ?? "";
    // Blocked by the test's own network isolation, or dropped by the browser on navigating away: not nginx.
    if (!request.url().startsWith(CLUSTER_ORIGIN) || /ERR_(BLOCKED_BY_CLIENT|ABORTED)/.test(error)) return;
    failures.push(`${request.method()} ${request.url()}: ${error}`);
  });

  let restarting = true;
  const exitCodes: (number | null)[] = [];
  const restarts = (async () => {
    for (const name of ["a", "b"] as const) {
      exitCodes.push(await cluster().stopInstance(name));
      await cluster().startInstance(name);
      await cluster().rejoined(name);
    }
    restarting = false;
  })();
  restarts.catch(() => (restarting = false));

  const cards: string[] = [];
  const vouchers: string[] = [];
  while (restarting || cards.length < 2) {
    const card = `04${randomUUID().replace(/-/g, "").slice(0, 8).toUpperCase()}`;
    const voucher = vouchers.length < VOUCHERS_PER_DRIVER ? `ROLL-${randomUUID().slice(0, 8).toUpperCase()}` : null;
    cards.push(card);
    if (voucher) {
      await cluster().platform("POST", "/__emulator/vouchers", { code: voucher, amount: 1, currency: "EUR" });
      vouchers.push(voucher);
    }
    await journeyRound(page, card, voucher);
  }
  await restarts;
  expect(exitCodes, "each instance exits 0").toEqual([0, 0]);
  expect(failures, "requests that failed through nginx").toEqual([]);

  const state = await cluster().platform<{
    tokens: { userId: number; code: string }[];
    vouchers: { code: string; status: string }[];
    requestLog: { method: string; path: string }[];
  }>("GET", "/__emulator/state");
  const mine = state.tokens.filter((token) => token.userId === driver.id).map((token) => token.code);
  expect(mine.sort(), "every card added once").toEqual([...cards].sort());
  const redeemed = state.requestLog.filter(
    (r) => r.method === "POST" && r.path === `/public-api/actions/users/v2.0/${driver.id}/redeem-voucher`,
  );
  expect(redeemed, "every voucher redeemed once").toHaveLength(vouchers.length);
  for (const code of vouchers) expect(state.vouchers.find((v) => v.code === code)?.status).not.toBe("valid");
  await context.close();
});
