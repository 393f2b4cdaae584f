import type { Page } from "@playwright/test";
import { createTranslator } from "next-intl";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import nl from "../../messages/nl.json";
import { POINT_STATUS_CODES } from "../../lib/features/map/status";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/**
 * Issue 36, the map in a newcomer's first minutes: a legend and markers that tell a group from a charge point by shape;
 * statuses, the demo prefix and prices in the page's language; "locate me"; a search over the map data's own
 * addresses; a directions link; open to signed-out visitors; the map in view on a phone. Each journey runs in English
 * and in Dutch or German, as a signed-out visitor (the map is public by default), on the embedded map data emulator.
 * The default centre is Amsterdam; Utrecht stands in for where the visitor is.
 */

const CATALOGUES = { en, nl, de } as const;
type Locale = keyof typeof CATALOGUES;
const BROWSER_LOCALE: Record<Locale, string> = { en: "en-GB", nl: "nl-NL", de: "de-DE" };
const words = (locale: Locale) => createTranslator({ locale, messages: CATALOGUES[locale], namespace: "map" });
const UTRECHT = { latitude: 52.0907, longitude: 5.1214 };
/** Open Charge Map's own status titles: none may show on a Dutch or German page. */
const OCM_STATUS_TITLES =
  /Operational|Currently Available|Currently In Use|Temporarily Unavailable|Planned For|Removed \(/;

function pointList(page: Page, t: ReturnType<typeof words>) {
  return page.getByRole("list", { name: t("list.label") });
}

async function openMap(page: Page, t: ReturnType<typeof words>): Promise<void> {
  await page.goto("/map");
  await expect(page).toHaveURL(/\/map$/);
  await expect(page.getByRole("heading", { level: 1, name: t("page.heading") })).toBeVisible();
  await expect(pointList(page, t).getByRole("listitem")).toHaveCount(8);
}

function inEach(
  locales: Locale[],
  title: string,
  body: (page: Page, t: ReturnType<typeof words>, locale: Locale) => Promise<void>,
) {
  for (const locale of locales) {
    test.describe(`in ${locale}`, () => {
      test.use({ locale: BROWSER_LOCALE[locale] });
      test(title, async ({ page }) => {
        await page.context().clearPermissions();
        await body(page, words(locale), locale);
      });
    });
  }
}

inEach(
  ["en", "de"],
  "a signed-out visitor sees the map, its legend, and groups drawn round, charge points as tipped labels",
  async (page, t) => {
    await openMap(page, t);
    // Public by default: no sign-in on the way, and the header offers it.
    await expect(page.getByRole("link", { name: /sign in|anmelden|inloggen/i }).first()).toBeVisible();

    const legend = page.getByRole("region", { name: t("legend.heading") });
    await expect(legend).toBeVisible();
    for (const key of ["point", "fast", "down", "cluster"] as const)
      await expect(legend.getByRole("listitem").filter({ hasText: t(`legend.${key}`) })).toBeVisible();

    const cluster = page.locator(".leaflet-marker-icon [data-marker='cluster']").first();
    const point = page.locator(".leaflet-marker-icon [data-marker='point']").first();
    await expect(cluster).toBeVisible();
    await expect(point).toBeVisible();
    const shapeOf = (marker: typeof cluster) =>
      marker.evaluate((element) => {
        const body = element.firstElementChild as HTMLElement;
        return {
          radius: getComputedStyle(body).borderRadius,
          parts: element.childElementCount,
          ring: getComputedStyle(element).borderRadius,
        };
      });
    const clusterShape = await shapeOf(cluster);
    const pointShape = await shapeOf(point);
    // A group: a round badge in a round ring. A charge point: a label with corners and a tip under it.
    expect(clusterShape).toEqual({ radius: "50%", parts: 1, ring: "50%" });
    expect(pointShape.parts).toBe(2);
    expect(pointShape.radius).not.toBe("50%");
    // The legend draws the same shapes.
    expect(await shapeOf(legend.locator("[data-marker='cluster']"))).toEqual(clusterShape);
    expect(await shapeOf(legend.locator("[data-marker='point']").first())).toEqual(pointShape);
  },
);

inEach(
  ["en", "nl"],
  "statuses, the demo prefix and prices read in the page's language and number format",
  async (page, t, locale) => {
    await openMap(page, t);
    const list = pointList(page, t);
    const text = (await list.innerText()).replace(/\s+/g, " ");
    const statuses = await list.locator("[data-status]").allInnerTexts();
    expect(statuses.length).toBeGreaterThan(0);
    const known = POINT_STATUS_CODES.map((code) => t(`statuses.${code}`));
    for (const status of statuses) expect(known).toContain(status);
    // The emulator's prices are written "€0,45/kWh": a decimal comma on the English page, a decimal point on no other.
    expect(text).toMatch(/€0[.,]\d\d\/kWh/);
    if (locale === "en") {
      expect(text).not.toMatch(/\d,\d/);
      expect(text).toContain("Demo data · ");
    } else {
      expect(text).not.toMatch(/\d\.\d\d\/kWh/);
      expect(text).not.toMatch(OCM_STATUS_TITLES);
      expect(text).not.toContain("Demo data");
      expect(text).toContain(t("point.demoTitle", { title: "" }).trim());
    }
    // The popup says the same.
    await list.getByRole("listitem").first().getByRole("button").click();
    const popup = page.locator(".leaflet-popup-content");
    await expect(popup).toContainText(t("point.status"));
    const popupText = await popup.innerText();
    if (locale !== "en") expect(popupText).not.toMatch(OCM_STATUS_TITLES);
    if (locale === "en") expect(popupText).not.toMatch(/\d,\d/);
  },
);

inEach(
  ["en", "nl"],
  "locate me: a clear message when location access is refused, the map moves to the visitor when allowed, by keyboard",
  async (page, t) => {
    await openMap(page, t);
    const locate = page.getByRole("button", { name: t("locate.button") });
    await locate.click();
    const message = page.getByRole("status").filter({ hasText: t("locate.denied") });
    await expect(message).toBeVisible();

    await page.context().grantPermissions(["geolocation"]);
    await page.context().setGeolocation(UTRECHT);
    await locate.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: t("locate.found") })).toBeVisible();
    await expect(page.locator(`.leaflet-marker-icon[title="${t("locate.here")}"]`)).toBeVisible();
    // The list follows the map to where the visitor is.
    await expect(pointList(page, t).getByRole("listitem").first()).toContainText("Utrecht");
  },
);

inEach(
  ["en", "de"],
  "a search for an address moves the map to it and opens its charge point, by keyboard; bad and empty searches say so",
  async (page, t, locale) => {
    await openMap(page, t);
    const field = page.getByRole("searchbox", { name: t("search.label") });

    await field.fill("P");
    await field.press("Enter");
    const tooShort = createTranslator({ locale, messages: CATALOGUES[locale] })("mapErrors.search.tooShort", {
      min: 2,
    });
    await expect(page.getByRole("status").filter({ hasText: tooShort })).toBeVisible();
    await expect(field).toHaveValue("P");
    await expect(field).toHaveAttribute("aria-invalid", "true");

    await field.fill("Zzyzx");
    await field.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: t("search.none", { query: "Zzyzx" }) })).toBeVisible();
    await expect(field).toHaveValue("Zzyzx");

    await field.fill("Prinsengracht");
    await field.press("Enter");
    const results = page.getByRole("list", { name: t("search.resultsLabel") });
    await expect(results.getByRole("listitem").first()).toBeVisible();
    const count = await results.getByRole("listitem").count();
    await expect(page.getByRole("status").filter({ hasText: t("search.found", { count }) })).toBeVisible();
    await expectNoAxeViolations(page, "/map with search results");

    const first = results.getByRole("button").first();
    const name = (await first.locator("span").first().innerText()).trim();
    await first.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: t("search.shown", { place: name }) })).toBeVisible();
    const popup = page.locator(".leaflet-popup-content");
    await expect(popup).toContainText(name);
    await expect(popup).toContainText("Prinsengracht");
  },
);

inEach(
  ["en", "nl"],
  "every charge point has a directions link: a geo: URI with its place and name",
  async (page, t) => {
    await openMap(page, t);
    const first = pointList(page, t).getByRole("listitem").first();
    const name = (await first.locator("span.font-semibold").first().innerText()).trim();
    const link = first.getByRole("link", { name: t("point.directionsTo", { name }) });
    await expect(link).toHaveText(t("point.directions"));
    const href = (await link.getAttribute("href")) ?? "";
    expect(href).toMatch(/^geo:-?\d+\.\d{6},-?\d+\.\d{6}\?q=-?\d+\.\d{6},-?\d+\.\d{6}\(.+\)$/);
    expect(decodeURIComponent(href)).toContain(name.replace(/[()]/g, " ").replace(/\s+/g, " ").trim());

    await first.getByRole("button").click();
    const popup = page.locator(".leaflet-popup-content");
    await expect(popup.getByRole("link", { name: t("point.directionsTo", { name }) })).toHaveAttribute("href", href);
  },
);

for (const locale of ["en", "nl"] as const) {
  test.describe(`on a phone, in ${locale}`, () => {
    test.use({ locale: BROWSER_LOCALE[locale], viewport: { width: 360, height: 740 } });
    test("the map comes right under the heading, in view without scrolling", async ({ page }) => {
      const t = words(locale);
      await page.context().clearPermissions();
      await openMap(page, t);
      const header = await page.locator("header").first().boundingBox();
      const map = await page.getByRole("region", { name: t("explorer.mapLabel") }).boundingBox();
      if (!header || !map) throw new Error("header or map not laid out");
      // Measured from the header's foot (another part of issue 36 brings the header to at most 64 px): the heading
      // and the map's edge only. Before, the intro, filters and notes came first: the map began 224 px under it.
      const underHeader = map.y - (header.y + header.height);
      expect(underHeader).toBeLessThanOrEqual(96);
      expect(map.width).toBeGreaterThanOrEqual(320);
      // Under a 64 px header, most of the map is on the first screen.
      const visible = 740 - (64 + underHeader);
      expect(Math.min(map.height, visible)).toBeGreaterThanOrEqual(0.5 * 740);
      await expect(page.getByRole("button", { name: t("locate.button") })).toBeInViewport();
    });
  });
}

test("@ampeco-only our network's places and the public charge points each stand under their own heading", async ({
  page,
}) => {
  const t = words("en");
  await openMap(page, t);
  const own = page.getByRole("region", { name: t("list.ownNetwork") });
  await expect(
    own
      .getByRole("list", { name: t("list.ownLabel") })
      .getByRole("listitem")
      .first(),
  ).toBeVisible();
  const publicPoints = page.getByRole("region", { name: t("list.publicHeading") });
  await expect(publicPoints.getByRole("list", { name: t("list.label") }).getByRole("listitem")).toHaveCount(8);
  await expect(page.getByRole("status").filter({ hasText: t("status.all", { total: 8 }) })).toBeVisible();

  // Issue 38: a place of our network leads to each charge point's page, with its price and live status.
  await own
    .getByRole("list", { name: t("list.ownLabel") })
    .getByRole("listitem")
    .first()
    .getByRole("button")
    .first()
    .click();
  // Each spot with its live status in words and the price a visitor pays (the price without an account).
  await expect(
    page.getByText(/^Spot NL\*DPT\*E\d+: (free now|in use|getting ready|reserved|out of service|out of order)/).first(),
  ).toBeVisible();
  await expect(
    page.getByText(/^(€\d+\.\d\d per kWh(, €\d+\.\d\d to start)?|Free|Not open to you)$/).first(),
  ).toBeVisible();
  const chargeHere = page.getByRole("link", { name: t("point.chargeHere") }).first();
  await expect(chargeHere).toHaveAttribute("href", /^\/charge\/NL\*DPT\*E\d+$/);
  // By keyboard: the popup pans into view once the map's own move ends, and a click then could land beside it.
  await chargeHere.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Charging spots" })).toBeVisible();
});

for (const path of ["the list", "its marker"] as const) {
  test(`@ampeco-only at 360 px a place's popup opened from ${path} sits inside the map, clear of its controls, and a long one scrolls`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const t = words("en");
    await openMap(page, t);
    // Haarlem station has nine spots: the longest popup of the demo network.
    if (path === "the list") {
      const own = page
        .getByRole("region", { name: t("list.ownNetwork") })
        .getByRole("list", { name: t("list.ownLabel") });
      await own.getByRole("listitem").filter({ hasText: "Haarlem Station North" }).getByRole("button").first().click();
    } else {
      await page.locator('.leaflet-marker-icon[title="Haarlem Station North"]').dispatchEvent("click");
    }
    await expect(page.locator(".leaflet-popup")).toContainText("Haarlem Station North");
    const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
    // The map pans to fit the popup (an animation): below the zoom and locate controls, inside the map's edges.
    const placement = async () => {
      const [map, shown, zoom, locate] = await Promise.all([
        box(".leaflet-container"),
        box(".leaflet-popup-content-wrapper"),
        box(".leaflet-control-zoom"),
        page.getByRole("button", { name: t("locate.button") }).boundingBox(),
      ]);
      return {
        belowControls: shown.y >= Math.max(zoom.y + zoom.height, locate!.y + locate!.height),
        insideMap:
          shown.x >= map.x &&
          shown.x + shown.width <= map.x + map.width &&
          shown.y + shown.height <= map.y + map.height,
      };
    };
    await expect.poll(placement).toEqual({ belowControls: true, insideMap: true });
    const content = page.locator(".leaflet-popup-content");
    expect(await content.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  });
}
