import { createHmac, randomUUID } from "node:crypto";
import type { Browser, Page, Response } from "@playwright/test";
import { expect, test } from "../fixtures";
import { CLUSTER_PORTS, EMULATOR_KEY, type InstanceName } from "./cluster";
import { instanceAddress, newDriver, openOn, signedInOn, useCluster } from "./journeys";
import { PIN_HEADER, UPSTREAM_HEADER } from "../../support/nginx-config";

/**
 * Issue 27, live without polling, on two instances: a platform callback taken by instance A reaches a
 * driver's tab whose event stream instance B serves (the live bus's NOTIFY/LISTEN on the shared Postgres).
 */
const cluster = useCluster("ampeco");
const CALLBACK_PATH = "/api/platform/callbacks";
/** The stream, not a poll, brings the change: well within the 15 s heartbeat and any poll interval. */
const PUSHED_WITHIN_MS = 5_000;
/** A platform user without a portal account: its callback is taken and counted, and reaches no tab. */
const NO_PORTAL_ACCOUNT = 999_999;

/** Posts a callback signed as the platform signs it through nginx, pinned to `instance`; checks who took it. */
async function deliverSignedTo(instance: InstanceName, body: Record<string, unknown>): Promise<void> {
  const raw = JSON.stringify(body);
  const answer = await fetch(`http://127.0.0.1:${CLUSTER_PORTS.nginx}${CALLBACK_PATH}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-signature": createHmac("sha256", EMULATOR_KEY).update(raw, "utf8").digest("hex"),
      [PIN_HEADER]: instance,
    },
    body: raw,
  });
  expect(answer.status, await answer.text()).toBe(202);
  expect(answer.headers.get(UPSTREAM_HEADER), `the callback taken by instance ${instance}`).toBe(
    instanceAddress(instance),
  );
}

const balanceChanged = (userId: number, balance: number) => {
  const stamp = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
  return {
    notification: "userBalance.changed",
    debit: 0,
    credit: balance,
    updatedBalance: balance,
    userId,
    currency: "EUR",
    type: "add_to_balance",
    transactionId: null,
    timestamp: stamp,
    lastUpdatedAt: stamp,
  };
};

/** Pages render with the stream only while callbacks are seen to arrive (livePushActive); asked of `instance`. */
async function expectCallbacksArriving(page: Page, instance: InstanceName): Promise<void> {
  await expect
    .poll(
      async () => {
        const answer = await page.request.get("/api/health", { headers: { [PIN_HEADER]: instance } });
        expect(answer.headers()[UPSTREAM_HEADER]).toBe(instanceAddress(instance));
        return ((await answer.json()) as { events?: { recent: boolean } }).events;
      },
      { timeout: 20_000 },
    )
    .toEqual({ recent: true });
}

/** The tab's event stream (`GET /api/live`) once it answers, with the instance that serves it. */
function liveStreamOf(page: Page): Promise<Response> {
  return page.waitForResponse((r) => new URL(r.url()).pathname === "/api/live");
}

/** Opens `path` on B and checks that B serves the page's event stream; marks the document to see a reload. */
async function openWithStreamOnB(page: Page, path: string): Promise<void> {
  const stream = liveStreamOf(page);
  await openOn(page, path, "b");
  expect((await stream).headers()[UPSTREAM_HEADER], "the tab's stream served by instance B").toBe(instanceAddress("b"));
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
}

async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

/** A signed-in tab of `email` that nginx sends to B; closed however the test ends (its open stream would hold B's shutdown). */
async function inTabOnB(browser: Browser, email: string, use: (page: Page) => Promise<void>): Promise<void> {
  const { context, page } = await signedInOn(browser, "b", email);
  try {
    await use(page);
  } finally {
    await context.close();
  }
}

test("a balance change taken by instance A shows at once in a tab instance B serves", async ({ browser }) => {
  const driver = await newDriver(cluster(), "live-balance");
  await inTabOnB(browser, driver.email, async (page) => {
    // Callbacks arriving, but none for this driver: a fresh tab's replay of the last seconds brings nothing.
    await deliverSignedTo("a", balanceChanged(NO_PORTAL_ACCOUNT, 0));
    await expectCallbacksArriving(page, "b");
    await openWithStreamOnB(page, "/vouchers");
    const balance = page.getByTestId("balance");
    await expect(balance).toContainText("0.00");

    // The platform credits the account (a voucher redeemed in the app); its callback goes to A only.
    const code = `LIVE-${randomUUID().slice(0, 8).toUpperCase()}`;
    await cluster().platform("POST", "/__emulator/vouchers", { code, amount: 7.5, currency: "EUR" });
    await cluster().platform("POST", `/public-api/actions/users/v2.0/${driver.id}/redeem-voucher`, { code });
    await expect
      .poll(async () => {
        const user = await cluster().platform<{ data: { balance: number } }>(
          "GET",
          `/public-api/resources/users/v1.1/${driver.id}`,
        );
        return user.data.balance;
      })
      .toBe(7.5);
    await deliverSignedTo("a", balanceChanged(driver.id, 7.5));

    await expect(balance).toContainText("7.50", { timeout: PUSHED_WITHIN_MS });
    await expectSameDocument(page);
  });
});

test("a running session's energy, reported by the platform to instance A only, rises in a tab instance B serves", async ({
  browser,
}) => {
  const driver = await newDriver(cluster(), "live-energy");
  const startedAt = new Date(Date.now() - 10 * 60_000).toISOString().replace(/\.\d{3}Z$/, "Z");
  // 50 kW: the shown energy (two decimals of kWh) changes at every 5 s report of the emulator.
  await cluster().platform("POST", `/__emulator/users/${driver.id}/sessions`, {
    running: true,
    startedAt,
    powerW: 50_000,
  });
  // The platform calls instance A's own address: no callback passes nginx or reaches B.
  const callbackUrl = `http://${instanceAddress("a")}${CALLBACK_PATH}`;
  const subscribed = await cluster().platform<{ data: { id: number } }>("POST", "/public-api/notifications/v2.0", {
    via: "webhook",
    notifications: ["SessionUpdateNotification", "session.start.stop.notification"],
    webhook: { callbackUrl },
  });
  try {
    await inTabOnB(browser, driver.email, async (page) => {
      await expectCallbacksArriving(page, "b");
      const polls: string[] = [];
      page.on("request", (r) => {
        if (new URL(r.url()).pathname === "/api/sessions/live") polls.push(r.url());
      });
      await openWithStreamOnB(page, "/sessions");
      const energy = page.getByRole("region", { name: "Charging now" }).getByTestId("live-energy");
      const before = (await energy.textContent()) ?? "";
      expect(before).toMatch(/^\d+\.\d{2} kWh$/);

      // Two new figures: more than a fresh tab's replay of the last seconds could bring in one go.
      const seen = new Set([before]);
      await expect
        .poll(async () => seen.add((await energy.textContent()) ?? "").size, { timeout: 20_000, intervals: [250] })
        .toBeGreaterThanOrEqual(3);
      expect(Math.max(...[...seen].map((text) => parseFloat(text)))).toBeGreaterThan(parseFloat(before));
      await expectSameDocument(page);
      expect(polls, "the panel polled although the stream was open").toEqual([]);
    });
    const { deliveries } = (
      await cluster().platform<{ data: { deliveries: { subscriptionId: number; status: number }[] } }>(
        "POST",
        "/__emulator/notifications/flush",
      )
    ).data;
    const mine = deliveries.filter((d) => d.subscriptionId === subscribed.data.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(
      mine.every((d) => d.status === 202),
      JSON.stringify(mine),
    ).toBe(true);
  } finally {
    await cluster().platform("DELETE", `/public-api/notifications/v2.0/${subscribed.data.id}`);
  }
});
