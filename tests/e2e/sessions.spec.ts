import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { formatKwh, formatMoney } from "../../lib/core/format";
import { rangeToInstants } from "../../lib/features/sessions/filters";
import { dialectOf, escapeRegExp, expect, subscribeWherePushed, test, unsubscribePortalCallbacks } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { DEMO_DRIVER_ID, platformSessions, SECOND_DRIVER_ID } from "./platform-sessions";

/**
 * Charging sessions on embedded defaults: list, filters in the URL, live session, CSV export,
 * detail with the location join, ownership, accessibility. The platform is read directly through
 * the in-process emulator's platform API (as a second client would) to check what the portal shows.
 */

function csvRows(text: string): string[][] {
  // The export's cells hold ids, ISO times, numbers and codes: no commas or quotes to unescape.
  return text
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(","));
}

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

const sessionsTable = (page: Page) => page.getByRole("table", { name: /^Charging sessions/ });
const rowIds = (page: Page) =>
  sessionsTable(page)
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("data-session-id"))));

test(
  "page through the sessions and filter them; the URL keeps the filters and back/forward restores them",
  { tag: "@ampeco" },
  async ({ driverPage: page, request }) => {
    const all = await platformSessions(request, DEMO_DRIVER_ID);
    await page.goto("/sessions");
    await expect(page.getByRole("heading", { level: 1, name: "Charging sessions" })).toBeVisible();
    await expect(sessionsTable(page).locator("tbody tr")).toHaveCount(25);
    expect(await rowIds(page)).toEqual(all.items.slice(0, 25).map((s) => s.id));
    // The real platform pages by cursor and gives no total: the pager names no last page and no count there.
    await expect(
      page.getByText(
        dialectOf() === "ampeco" ? "Page 1" : `Page 1 of ${Math.ceil(all.total / 25)} · ${all.total} sessions`,
        { exact: true },
      ),
    ).toBeVisible();

    // kWh from Wh with two decimals, the amount in the account currency (EUR for the demo driver).
    const finished = all.items.slice(0, 25).find((s) => s.stoppedAtLocal !== null)!;
    const finishedRow = sessionsTable(page).locator(`tr[data-session-id="${finished.id}"]`);
    await expect(finishedRow).toContainText(formatKwh(finished.energy));
    await expect(finishedRow).toContainText(formatMoney(finished.amount, "EUR"));
    await expect(finishedRow).toContainText("Finished");

    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/sessions\?page=2$/);
    await expect(sessionsTable(page).locator("tbody tr").first()).toHaveAttribute(
      "data-session-id",
      String(all.items[25]!.id),
    );

    const from = daysAgo(330);
    const to = daysAgo(0);
    await page.getByLabel("Status", { exact: true }).selectOption("failed");
    await page.getByLabel("From", { exact: true }).fill(from);
    await page.getByLabel("To", { exact: true }).fill(to);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`/sessions\\?status=failed&from=${from}&to=${to}$`));

    const instants = rangeToInstants({ from, to });
    const failed = await platformSessions(request, DEMO_DRIVER_ID, {
      status: "failed",
      startedAfter: instants.startedAfter!,
      startedBefore: instants.startedBefore!,
    });
    expect(failed.total).toBeGreaterThan(0);
    expect(failed.total).toBeLessThanOrEqual(25);
    await expect(
      page.getByRole("table", { name: "Charging sessions matching the filters, newest first" }),
    ).toBeVisible();
    await expect(sessionsTable(page).locator("tbody tr")).toHaveCount(failed.total);
    expect(await rowIds(page)).toEqual(failed.items.map((s) => s.id));
    for (const status of await sessionsTable(page).locator("tbody tr td:nth-child(5)").allTextContents())
      expect(status).toBe("Failed");

    await page.goBack();
    await expect(page).toHaveURL(/\/sessions\?page=2$/);
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("");
    await expect(sessionsTable(page).locator("tbody tr").first()).toHaveAttribute(
      "data-session-id",
      String(all.items[25]!.id),
    );

    await page.goForward();
    await expect(page).toHaveURL(new RegExp(`status=failed&from=${from}&to=${to}$`));
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("failed");
    await expect(page.getByLabel("From", { exact: true })).toHaveValue(from);
    await expect(sessionsTable(page).locator("tbody tr")).toHaveCount(failed.total);

    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/sessions$/);
    await expect(sessionsTable(page).locator("tbody tr")).toHaveCount(25);
  },
);

test("bad filter values in the URL fall back to defaults with a message, never an error page", async ({
  driverPage: page,
}) => {
  const response = await page.goto("/sessions?status=exploded&page=zero&from=2026-02-30&perPage=7");
  expect(response?.status()).toBe(200);
  const notice = page.getByText("Some filters were not understood").locator("..");
  await expect(notice).toContainText("“exploded” is not a session status");
  await expect(notice).toContainText("“zero” is not a page number");
  await expect(notice).toContainText("“2026-02-30” is not a date");
  await expect(notice).toContainText("Rows per page can be 10, 25, 50, 100");
  await expect(sessionsTable(page).locator("tbody tr")).toHaveCount(25);
});

test(
  "the CSV export matches the platform's sessions, follows the filters and ignores a userId parameter",
  { tag: "@ampeco" },
  async ({ driverPage: page, request }) => {
    await page.goto("/sessions?status=finished");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /^Download CSV/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^charging-sessions-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = csvRows(await readFile((await download.path())!, "utf8"));
    expect(header).toEqual([
      "session_id",
      "started_at_utc",
      "started_at_local",
      "stopped_at_utc",
      "stopped_at_local",
      "duration_minutes",
      "energy_kwh",
      "amount",
      "currency",
      "status",
      "location_id",
      "location_name",
      "location_address",
      "evse_id",
    ]);
    const finished = await platformSessions(request, DEMO_DRIVER_ID, { status: "finished" });
    expect(rows.map((r) => Number(r[0]))).toEqual(finished.items.map((s) => s.id));
    for (const [i, row] of rows.entries()) {
      const platform = finished.items[i]!;
      expect(row[6], `energy of ${platform.id}`).toBe((platform.energy / 1000).toFixed(3));
      expect(row[7], `amount of ${platform.id}`).toBe(platform.amount.toFixed(2));
      expect(row[8]).toBe("EUR");
      expect(row[9]).toBe("finished");
      expect(row[2]).toBe(platform.startedAtLocal);
      expect(row[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }

    // The whole history, and the same whatever userId the URL names: the driver comes from the sign-in.
    const all = await platformSessions(request, DEMO_DRIVER_ID);
    const theirs = new Set((await platformSessions(request, SECOND_DRIVER_ID)).items.map((s) => s.id));
    for (const url of [
      "/api/sessions/export",
      `/api/sessions/export?userId=${SECOND_DRIVER_ID}&filter%5BuserId%5D=${SECOND_DRIVER_ID}`,
    ]) {
      const response = await page.request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
      const ids = csvRows(await response.text())
        .slice(1)
        .map((r) => Number(r[0]));
      expect(ids, url).toEqual(all.items.map((s) => s.id));
      expect(
        ids.some((id) => theirs.has(id)),
        url,
      ).toBe(false);
    }
  },
);

test(
  "the detail page shows every field and the place (ampeco); the contract's 404 for locations is said once",
  { tag: "@ampeco" },
  async ({ driverPage: page, request }) => {
    const all = await platformSessions(request, DEMO_DRIVER_ID);
    const finished = all.items.slice(0, 25).find((s) => s.stoppedAtLocal !== null && s.status === "finished")!;
    await page.goto("/sessions");
    await sessionsTable(page)
      .getByRole("link", { name: new RegExp(`session ${finished.id}$`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/sessions/${finished.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: /^Charging session of / })).toBeVisible();
    const field = (term: string) =>
      page
        .locator("dt")
        .filter({ hasText: new RegExp(`^${escapeRegExp(term)}$`) })
        .locator("xpath=following-sibling::dd[1]");
    await expect(field("Status")).toHaveText("Finished");
    await expect(field("Energy")).toHaveText(formatKwh(finished.energy));
    await expect(field("Amount")).toHaveText(formatMoney(finished.amount, "EUR"));
    await expect(field("Session number")).toHaveText(String(finished.id));
    await expect(field("Started")).not.toHaveText("—");
    await expect(field("Stopped")).not.toHaveText("—");
    await expect(field("Duration")).toHaveText(/\d+ (h|min)/);
    await expect(field("Charge point (EVSE)")).toHaveText(/^\d+$/);
    if (dialectOf() === "ampeco") {
      // No locationId on a real session: its charge point names the location, which the emulator lists.
      await expect(field("Name")).toHaveText(/\S/);
      await expect(field("Address")).toHaveText(/\S+ \d+, (Amsterdam|Utrecht|Haarlem)$/);
    } else {
      await expect(page.getByText("Location details unavailable")).toBeVisible();
    }
    await expect(page.getByText(/could not be (loaded|read)/)).toHaveCount(0);

    const one = await page.request.get(`/api/sessions/${finished.id}/export`);
    expect(one.status()).toBe(200);
    const [, row, ...rest] = csvRows(await one.text());
    expect(row?.[0]).toBe(String(finished.id));
    expect(rest).toEqual([]);
  },
);

test("security: no driver reads another driver's session, by URL or by any route handler", async ({
  driverPage,
  secondDriverPage,
  request,
}) => {
  const [mine] = (await platformSessions(request, DEMO_DRIVER_ID)).items;
  const theirs = await platformSessions(request, SECOND_DRIVER_ID);
  const theirId = theirs.items[0]!.id;

  for (const [page, otherId] of [
    [driverPage, theirId],
    [secondDriverPage, mine!.id],
  ] as const) {
    await page.goto(`/sessions/${otherId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Session not found" })).toBeVisible();
    await expect(page.getByText(String(otherId))).toHaveCount(0);
    const oneExport = await page.request.get(`/api/sessions/${otherId}/export`);
    expect(oneExport.status()).toBe(404);
    expect(await oneExport.text()).not.toContain(String(otherId));
  }

  // B's export and live view are B's only, whatever the URL says.
  const exported = await secondDriverPage.request.get(`/api/sessions/export?userId=${DEMO_DRIVER_ID}`);
  expect(
    csvRows(await exported.text())
      .slice(1)
      .map((r) => Number(r[0])),
  ).toEqual(theirs.items.map((s) => s.id));
  const live = await secondDriverPage.request.get(`/api/sessions/live?userId=${DEMO_DRIVER_ID}`);
  expect(await live.json()).toMatchObject({ sessions: [] });

  // Signed out: nothing at all.
  for (const url of ["/api/sessions/export", "/api/sessions/live", `/api/sessions/${mine!.id}/export`]) {
    expect((await request.get(url, { maxRedirects: 0 })).status(), url).toBe(401);
  }
  const signedOut = await request.get(`/sessions/${mine!.id}`, { maxRedirects: 0 });
  expect(signedOut.headers()["location"]).toMatch(/\/signin/);
});

test("/sessions and /sessions/[id] pass axe (WCAG 2.1 AA) in light and dark schemes and fit 360 px", async ({
  driverPage: page,
  request,
}) => {
  const all = await platformSessions(request, DEMO_DRIVER_ID);
  const running = all.items.find((s) => s.stoppedAtLocal === null)!;
  const finished = all.items.find((s) => s.stoppedAtLocal !== null)!;
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto("/sessions");
    await expect(page.getByRole("region", { name: "Charging now" })).toBeVisible();
    await page.getByText("Show the figures as a table").click();
    await expect(page.getByRole("table", { name: "Energy and cost per month, last 12 months" })).toBeVisible();
    await expectNoAxeViolations(page);
    for (const id of [running.id, finished.id]) {
      await page.goto(`/sessions/${id}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Charging session of");
      await expectNoAxeViolations(page);
    }
  }

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/sessions");
  // Phones get one card per session with every figure, instead of a table to scroll sideways: the
  // table's own rows, laid out by CSS (its semantics stay), so a card's figures sit below its start time.
  const cards = sessionsTable(page).locator("tbody tr");
  await expect(cards).toHaveCount(25);
  await expect(
    cards.filter({ hasText: formatKwh(finished.energy) }).filter({ hasText: formatMoney(finished.amount, "EUR") }),
  ).not.toHaveCount(0);
  const [start, energy] = await Promise.all([
    cards.first().locator("th").boundingBox(),
    cards.first().locator("td:nth-child(3)").boundingBox(),
  ]);
  expect(energy!.y, "a card's energy sits below its start time").toBeGreaterThanOrEqual(start!.y + start!.height);
  await expectNoAxeViolations(page);
  for (const url of ["/sessions", `/sessions/${finished.id}`]) {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const { overflow, sticking } = await page.evaluate(() => {
      const root = document.documentElement;
      // Named in the failure message: the outermost elements reaching past the viewport.
      const out = [...document.querySelectorAll("body *")].filter(
        (el) => el.getBoundingClientRect().right > root.clientWidth + 0.5,
      );
      const outermost = out
        .filter((el) => !out.includes(el.parentElement as Element))
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join(".")}`);
      return { overflow: root.scrollWidth - root.clientWidth, sticking: outermost };
    });
    expect(overflow, `${url} is wider than 360 px; reaching past it: ${sticking.join(", ")}`).toBeLessThanOrEqual(0);
  }
});

/**
 * Last: it stops the seeded running session (and leaves an equivalent running session behind). On the
 * contract the panel polls /api/sessions/live; on the real platform's dialect the emulator is
 * subscribed to the portal's callbacks, the figures come over the tab's event stream (/api/live),
 * and the network log holds no poll at all.
 */
test(
  "a running session updates without reload, and its Live badge goes when it stops",
  { tag: "@ampeco" },
  async ({ driverPage: page, request, emulator, baseURL }) => {
    const [running] = (await platformSessions(request, DEMO_DRIVER_ID, { status: "charging" })).items;
    expect(running, "the seeded running session").toBeTruthy();
    const pushed = dialectOf() === "ampeco";
    const subscription = await subscribeWherePushed(request, baseURL, [
      "SessionUpdateNotification",
      "session.start.stop.notification",
      "userBalance.changed",
    ]);
    const polls: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/sessions/live") polls.push(r.url());
    });
    let stopped = false;
    try {
      await page.goto("/sessions");
      const live = page.getByRole("region", { name: "Charging now" });
      await expect(live).toHaveAttribute("data-session-id", String(running!.id));
      await expect(live.getByText("Live", { exact: true })).toBeVisible();
      await expect(sessionsTable(page).locator(`tr[data-session-id="${running!.id}"]`)).toContainText("Live");
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

      // 7.4 kW adds 0.01 kWh about every 5 s: the shown figure changes while the page stays.
      const energy = live.getByTestId("live-energy");
      const before = (await energy.textContent()) ?? "";
      expect(before).toMatch(/^\d+\.\d{2} kWh$/);
      await expect(energy).not.toHaveText(before, { timeout: 20_000 });
      expect(parseFloat((await energy.textContent()) ?? "")).toBeGreaterThan(parseFloat(before));

      await emulator.call("POST", `/sessions/${running!.id}/stop`);
      stopped = true;
      await expect(live).toHaveCount(0, { timeout: 15_000 });
      await expect(page.getByRole("status").filter({ hasText: "has finished" })).toBeVisible();
      await expect(sessionsTable(page).locator(`tr[data-session-id="${running!.id}"]`)).toContainText("Finished");
      await expect(page.getByText("Live", { exact: true })).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      if (pushed) expect(polls, "the panel polled although the stream was open").toEqual([]);
      else expect(polls.length, "the contract's panel polls").toBeGreaterThan(0);
    } finally {
      if (subscription !== null) await unsubscribePortalCallbacks(request, subscription);
      // Leave the demo data as the seed has it: one running session of the demo driver.
      // (No early return here: a return in `finally` would swallow a failure of the test.)
      if (stopped) {
        const startedAt = new Date(Date.now() - 23 * 60_000).toISOString().replace(/\.\d{3}Z$/, "Z");
        await emulator.call("POST", `/users/${DEMO_DRIVER_ID}/sessions`, {
          running: true,
          startedAt,
          powerW: 7400,
          locationId: 501,
          evseId: 50102,
        });
      }
    }
  },
);
