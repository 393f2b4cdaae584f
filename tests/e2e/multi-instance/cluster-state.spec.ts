import { randomUUID } from "node:crypto";
import { DEMO_DRIVER, expect, inOneLimitWindow, limitWindowAt, redeemVoucher, test } from "../fixtures";
import { clusterContext, instanceAddress, newDriver, openOn, signedInOn, useCluster } from "./journeys";
import type { InstanceName } from "./cluster";
import { PIN_HEADER, UPSTREAM_HEADER } from "../../support/nginx-config";

/**
 * What the instances share through Postgres: sign-ins, sign-out everywhere, the sign-in mail and voucher
 * limits, and the map's single flight (one upstream call per tile across instances).
 */
const cluster = useCluster();

test("a sign-in on one instance is used on the other", async ({ browser }) => {
  const onA = await signedInOn(browser, "a", DEMO_DRIVER);
  await openOn(onA.page, "/account", "a");

  const onB = await clusterContext(browser, "b", await onA.context.storageState());
  const page = await onB.newPage();
  await openOn(page, "/account", "b");
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId("balance")).toBeVisible();
  await openOn(page, "/cards", "b");
  await expect(page).toHaveURL(/\/cards$/);
  await Promise.all([onA.context.close(), onB.close()]);
});

test("sign-out everywhere on one instance ends the sessions the other instance serves", async ({ browser }) => {
  const { email } = await newDriver(cluster(), "everywhere");
  const onA = await signedInOn(browser, "a", email);
  const onB = await signedInOn(browser, "b", email);
  await openOn(onB.page, "/account", "b");
  await expect(onB.page).toHaveURL(/\/account$/);

  await openOn(onA.page, "/account/security", "a");
  await onA.page.getByRole("button", { name: "Sign out on all devices" }).click();
  await expect(onA.page).toHaveURL(/\/signin/);
  await openOn(onB.page, "/account", "b");
  await expect(onB.page).toHaveURL(/\/signin/);
  await Promise.all([onA.context.close(), onB.context.close()]);
});

test("the sign-in mail limit counts across instances: the sixth request, wherever it lands, is refused", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await inOneLimitWindow(async () => {
    const startWindow = limitWindowAt();
    const { email } = await newDriver(cluster(), "limit");
    const pages = {
      a: await (await clusterContext(browser, "a")).newPage(),
      b: await (await clusterContext(browser, "b")).newPage(),
    };
    const ask = async (instance: InstanceName) => {
      const page = pages[instance];
      await openOn(page, "/signin", instance);
      await page.getByLabel("E-mail address").fill(email);
      await page.getByRole("button", { name: "Email me a sign-in link" }).click();
      return page;
    };
    for (const instance of ["a", "b", "a", "b", "a"] as const) {
      const page = await ask(instance);
      await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
    }
    // A count that restarted in a new window would let the sixth through: say so rather than blame the limit.
    expect(limitWindowAt(), "the five requests were counted in one limit window").toBe(startWindow);
    const refused = await ask("b");
    await expect(refused.getByRole("status").filter({ hasText: /Too many sign-in requests/ })).toContainText(
      /Too many sign-in requests\. Try again in \d+ minutes?\./,
    );
    await expect(refused.getByLabel("E-mail address")).toHaveValue(email);
    await Promise.all([pages.a.context().close(), pages.b.context().close()]);
  });
});

test("the voucher limit counts across instances: the 11th attempt never reaches the platform", async ({ browser }) => {
  test.setTimeout(180_000);
  await inOneLimitWindow(async () => {
    const driver = await newDriver(cluster(), "voucher");
    const onA = await signedInOn(browser, "a", driver.email);
    const onB = await clusterContext(browser, "b", await onA.context.storageState());
    const pages = { a: onA.page, b: await onB.newPage() };
    await openOn(pages.a, "/vouchers", "a");
    await openOn(pages.b, "/vouchers", "b");
    const redeem = async (instance: InstanceName, code: string) => {
      await redeemVoucher(pages[instance], code);
      return pages[instance];
    };
    const redeemCalls = async () =>
      (
        await cluster().platform<{ requestLog: { method: string; path: string }[] }>("GET", "/__emulator/state")
      ).requestLog.filter(
        (r) => r.method === "POST" && r.path === `/public-api/actions/users/v2.0/${driver.id}/redeem-voucher`,
      ).length;

    for (let attempt = 1; attempt <= 10; attempt++) {
      const page = await redeem(attempt % 2 === 1 ? "a" : "b", `GUESS-${attempt}`);
      await expect(page.getByRole("status").filter({ hasText: "This voucher is invalid" })).toBeVisible();
    }
    expect(await redeemCalls()).toBe(10);

    const valid = `E2E-${randomUUID().slice(0, 8).toUpperCase()}`;
    await cluster().platform("POST", "/__emulator/vouchers", { code: valid, amount: 5, currency: "EUR" });
    const refused = await redeem("b", valid);
    await expect(refused.getByRole("status").filter({ hasText: /Too many voucher attempts/ })).toBeVisible();
    expect(await redeemCalls()).toBe(10);
    await Promise.all([onA.context.close(), onB.close()]);
  });
});

test("20 concurrent requests for one map tile, spread over both instances, make one upstream call", async ({
  browser,
}) => {
  const onA = await signedInOn(browser, "a", DEMO_DRIVER);
  const before = await cluster().mapCalls();
  // A centre no other journey asks for: its tile is a miss on both instances.
  const url = "/api/map/points?lat=51.9244&lng=4.4777&radiusKm=5&limit=8";
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      onA.context.request.get(url, { headers: { [PIN_HEADER]: i % 2 === 0 ? "a" : "b" } }),
    ),
  );
  for (const answer of answers) expect(answer.status(), await answer.text()).toBe(200);
  const servedBy = new Set(answers.map((answer) => answer.headers()[UPSTREAM_HEADER]));
  expect(servedBy).toEqual(new Set([instanceAddress("a"), instanceAddress("b")]));
  const bodies = await Promise.all(answers.map(async (answer) => (await answer.json()).points));
  for (const points of bodies) expect(points).toEqual(bodies[0]);
  const after = await cluster().mapCalls();
  expect(after.poi - before.poi, "map data API searches for the one tile").toBe(1);
  expect(after.referencedata - before.referencedata).toBeLessThanOrEqual(1);
  await onA.context.close();
});
