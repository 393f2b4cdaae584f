import type { Page, Request } from "@playwright/test";
import { MAP_INITIAL_ZOOM, tileAt } from "../../lib/features/map/tile-images";
import { expect, test } from "./fixtures";

/**
 * The charge-point map (issue 5), on the embedded map data emulator. Tile images are answered by
 * the fixture with a 1×1 PNG and nothing leaves the machine. The configured default centre is
 * Amsterdam (52.3702, 4.8952); Utrecht stands in for "the browser's position".
 */

const UTRECHT = { latitude: 52.0907, longitude: 5.1214 };
const AMSTERDAM = { lat: 52.3702, lng: 4.8952 };

function pointList(page: Page) {
  return page.getByRole("list", { name: "Charge points, nearest first" });
}

async function listedPoints(page: Page): Promise<{ id: number; distanceKm: number }[]> {
  return pointList(page)
    .getByRole("listitem")
    .evaluateAll((items) =>
      items.map((item) => ({
        id: Number(item.getAttribute("data-point-id")),
        distanceKm: Number(item.getAttribute("data-distance-km")),
      })),
    );
}

/**
 * Requests that would mean "the page asked the server again" for the map: map API calls, a
 * navigation, or a non-prefetch RSC fetch of /map. Link prefetches of other pages don't count.
 */
function recordServerRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    const headers = request.headers();
    const rscForMap =
      url.pathname === "/map" &&
      (url.searchParams.has("_rsc") || headers["rsc"] === "1") &&
      !headers["next-router-prefetch"];
    if (url.pathname.startsWith("/api/map/") || rscForMap || request.resourceType() === "document") seen.push(request);
  });
  return seen;
}

test("the Leaflet attribution control credits Open Charge Map (CC BY 4.0) and OpenStreetMap", async ({
  driverPage: page,
}) => {
  await page.goto("/map");
  const attribution = page.locator(".leaflet-control-attribution");
  await expect(attribution).toBeVisible();
  await expect(attribution).toContainText("© Open Charge Map contributors, CC BY 4.0");
  await expect(attribution).toContainText("© OpenStreetMap contributors");
  await expect(attribution.getByRole("link", { name: "Open Charge Map contributors" })).toHaveAttribute(
    "href",
    "https://openchargemap.org",
  );
  await expect(attribution.getByRole("link", { name: "CC BY 4.0" })).toHaveAttribute(
    "href",
    /creativecommons\.org\/licenses\/by\/4\.0/,
  );
  await expect(attribution.getByRole("link", { name: "OpenStreetMap contributors" })).toHaveAttribute(
    "href",
    "https://www.openstreetmap.org/copyright",
  );
});

test("without location access, the 8 nearest to the default centre are listed in distance order", async ({
  driverPage: page,
}) => {
  await page.context().clearPermissions();
  await page.goto("/map");
  await expect(pointList(page).getByRole("listitem")).toHaveCount(8);
  const listed = await listedPoints(page);
  const distances = listed.map((p) => p.distanceKm);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));

  const api = await page.request.get("/api/map/points?lat=52.3702&lng=4.8952&radiusKm=50&limit=8");
  const expected = ((await api.json()) as { points: { id: number }[] }).points.map((p) => p.id);
  expect(listed.map((p) => p.id)).toEqual(expected);
  await expect(page.getByRole("status").filter({ hasText: "8 public charge points, nearest first." })).toBeVisible();
});

test("with location access, the list starts from the browser's position", async ({ driverPage: page }) => {
  await page.context().grantPermissions(["geolocation"]);
  await page.context().setGeolocation(UTRECHT);
  await page.goto("/map");
  await expect(pointList(page).getByRole("listitem")).toHaveCount(8);
  await expect(pointList(page).getByRole("listitem").first()).toContainText("Utrecht");
  const distances = (await listedPoints(page)).map((p) => p.distanceKm);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
});

test("a filter change narrows the list in the browser, without a network call, and is kept in the URL", async ({
  driverPage: page,
}) => {
  await page.goto("/map");
  await expect(pointList(page).getByRole("listitem")).toHaveCount(8);
  const before = await listedPoints(page);
  const requests = recordServerRequests(page);

  await page.getByLabel("Minimum power").selectOption("50");
  await expect(page).toHaveURL(/[?&]minKw=50/);
  // The status line is rendered with the filtered list: wait for it before reading the list.
  await expect(
    page.getByRole("status").filter({ hasText: /of 8 public charge points match at least 50 kW/ }),
  ).toBeVisible();
  const narrowed = await listedPoints(page);
  expect(narrowed.length).toBeGreaterThan(0);
  expect(narrowed.length).toBeLessThan(before.length);
  expect(narrowed.every((p) => before.some((b) => b.id === p.id))).toBe(true);

  await page.getByLabel("Connector").selectOption("CHAdeMO");
  await expect(page).toHaveURL(/[?&]connector=CHAdeMO/);
  await expect(page.getByRole("status").filter({ hasText: /CHAdeMO, at least 50 kW/ })).toBeVisible();

  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(pointList(page).getByRole("listitem")).toHaveCount(8);
  expect(requests.map((r) => r.url())).toEqual([]);

  // The filters live in the URL: opening it again applies them.
  await page.goto("/map?connector=CCS2&minKw=50");
  await expect(page.getByLabel("Connector")).toHaveValue("CCS2");
  await expect(page.getByLabel("Minimum power")).toHaveValue("50");
});

test("a list entry opens that point's popup on the map", async ({ driverPage: page }) => {
  await page.goto("/map");
  const first = pointList(page).getByRole("listitem").first();
  await expect(first).toBeVisible();
  const title = (await first.locator("span.font-semibold").first().textContent()) ?? "";
  await first.getByRole("button").click();
  const popup = page.locator(".leaflet-popup-content");
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(title);
  await expect(popup).toContainText("Max power");
});

test("panning the map to another area fetches new points", async ({ driverPage: page }) => {
  await page.goto("/map");
  await expect(pointList(page).getByRole("listitem")).toHaveCount(8);
  const firstBefore = (await listedPoints(page))[0]?.id;

  const map = page.locator(".leaflet-container");
  const box = await map.boundingBox();
  if (!box) throw new Error("map not laid out");
  const fetched = page.waitForResponse((response) => {
    if (!response.url().includes("/api/map/points")) return false;
    const lng = Number(new URL(response.url()).searchParams.get("lng"));
    return lng > 4.8952 + 0.05;
  });
  // One drag to the left across most of the map: the view moves east by about 0.1° (another tile).
  await page.mouse.move(box.x + box.width * 0.85, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height / 2, { steps: 20 });
  await page.mouse.up();
  const response = await fetched;
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { points: { id: number }[] };
  expect(body.points.length).toBeGreaterThan(0);
  await expect(pointList(page).getByRole("listitem").first()).not.toHaveAttribute("data-point-id", String(firstBefore));
  await expect(pointList(page).getByRole("listitem")).toHaveCount(body.points.length);
});

test("a point hidden in a cluster: its list entry zooms the map in until it stands alone and opens its popup", async ({
  driverPage: page,
}) => {
  await page.goto("/map");
  await expect(pointList(page).getByRole("listitem")).toHaveCount(8);
  const clusters = page.locator(".leaflet-marker-icon[title$='charge points: zoom in']");
  await expect(clusters.first()).toBeVisible();
  // Point markers carry the point's title; a listed point without one is inside a cluster.
  const drawnTitles = await page
    .locator(".leaflet-marker-icon[title]")
    .evaluateAll((icons) => icons.map((icon) => icon.getAttribute("title")));
  const titles = await pointList(page).locator("span.font-semibold").allTextContents();
  const hidden = titles.find((title) => !drawnTitles.includes(title));
  if (!hidden) throw new Error("every listed point is drawn on its own: the fixture has no cluster here");

  await pointList(page).getByRole("listitem").filter({ hasText: hidden }).first().getByRole("button").click();
  const popup = page.locator(".leaflet-popup-content");
  await expect(popup).toContainText(hidden);
  await expect(page.locator(`.leaflet-marker-icon[title="${hidden.replace(/"/g, '\\"')}"]`)).toBeVisible();
});

test("a cluster marker zooms in when clicked, showing more of its points on their own", async ({
  driverPage: page,
}) => {
  await page.goto("/map");
  await expect(pointList(page).getByRole("listitem")).toHaveCount(8);
  const cluster = page.locator(".leaflet-marker-icon[title$='charge points: zoom in']").first();
  await expect(cluster).toBeVisible();
  const pointMarkers = page.locator(".leaflet-marker-icon[title]:not([title$='charge points: zoom in'])");
  const before = await pointMarkers.count();
  await cluster.click();
  await expect.poll(() => pointMarkers.count()).toBeGreaterThan(before);
});

test("the first tiles are asked for early and with high priority, the tiles of later moves are not", async ({
  driverPage: page,
  baseURL,
}) => {
  await page.context().clearPermissions();
  await page.goto("/map");
  // In the HTML, before any script: a preconnect to the tile server (here the portal's own origin,
  // see MAP_TILE_URL in playwright.config.ts) and a preload of the tile under the default centre.
  const origin = new URL(baseURL ?? "").origin;
  await expect(page.locator(`link[rel="preconnect"][href="${origin}"]`)).toHaveCount(1);
  const { x, y, z } = tileAt(AMSTERDAM, MAP_INITIAL_ZOOM);
  const preload = page.locator('link[rel="preload"][as="image"][fetchpriority="high"]');
  await expect(preload).toHaveAttribute("href", `${origin}/__blocked_tiles__/${z}/${x}/${y}.png`);
  // The 3 × 3 tiles around it are drawn by the HTML itself, before Leaflet's script has run.
  const html = await (await page.request.get("/map")).text();
  for (const dy of [-1, 0, 1])
    for (const dx of [-1, 0, 1])
      expect(html, `tile ${x + dx}/${y + dy} in the HTML`).toContain(
        `src="${origin}/__blocked_tiles__/${z}/${x + dx}/${y + dy}.png"`,
      );

  const firstTiles = page.locator(`img.leaflet-tile[src*="/${z}/"]`);
  await expect(firstTiles.first()).toBeVisible();
  expect(
    await firstTiles.evaluateAll((tiles) => tiles.every((tile) => (tile as HTMLImageElement).fetchPriority === "high")),
  ).toBe(true);

  // Leaflet marks the last tile loaded and ends the first view in the same call.
  await expect(page.locator("img.leaflet-tile:not(.leaflet-tile-loaded)")).toHaveCount(0);
  await page.getByRole("button", { name: "Zoom in" }).click();
  const laterTiles = page.locator(`img.leaflet-tile[src*="/${z + 1}/"]`);
  await expect(laterTiles.first()).toBeVisible();
  expect(
    await laterTiles.evaluateAll((tiles) => tiles.some((tile) => (tile as HTMLImageElement).fetchPriority === "high")),
  ).toBe(false);
});
