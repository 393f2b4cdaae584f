import { describe, expect, it } from "vitest";
import { tileAt, tileImageUrl, tilesAround } from "@/lib/features/map/tile-images";

/** Leaflet's own route from a position to a tile (SphericalMercator.project, then EPSG3857's transformation). */
function leafletTile(lat: number, lng: number, z: number) {
  const R = 6378137;
  const d = Math.PI / 180;
  const clampedLat = Math.max(Math.min(85.0511287798, lat), -85.0511287798);
  const sin = Math.sin(clampedLat * d);
  const projected = { x: R * lng * d, y: (R * Math.log((1 + sin) / (1 - sin))) / 2 };
  const scale = 0.5 / (Math.PI * R);
  const pixels = 256 * 2 ** z;
  return {
    x: Math.floor(((scale * projected.x + 0.5) * pixels) / 256),
    y: Math.floor(((-scale * projected.y + 0.5) * pixels) / 256),
    z,
  };
}

describe("the tile under the map's centre", () => {
  it("is the one Leaflet draws there", () => {
    const places = [
      { lat: 52.3702, lng: 4.8952 },
      { lat: 52.0907, lng: 5.1214 },
      { lat: -33.8688, lng: 151.2093 },
      { lat: 40.7128, lng: -74.006 },
      { lat: 0.0001, lng: -0.0001 },
    ];
    for (const place of places)
      for (const z of [3, 13, 17]) expect(tileAt(place, z)).toEqual(leafletTile(place.lat, place.lng, z));
  });

  it("stays on the map near the poles", () => {
    expect(tileAt({ lat: 89.9, lng: 10 }, 5).y).toBe(0);
    expect(tileAt({ lat: -89.9, lng: 10 }, 5).y).toBe(31);
  });
});

describe("the URL of a tile", () => {
  const tile = { x: 4207, y: 2692, z: 13 };

  it("fills the template as Leaflet does, subdomain included", () => {
    expect(tileImageUrl("https://tile.openstreetmap.org/{z}/{x}/{y}.png", tile)).toBe(
      "https://tile.openstreetmap.org/13/4207/2692.png",
    );
    // Leaflet's subdomain: |x + y| modulo the three default subdomains.
    expect(tileImageUrl("https://{s}.tile.example.com/{z}/{x}/{y}.png", tile)).toBe(
      "https://c.tile.example.com/13/4207/2692.png",
    );
  });

  it("is not guessed when the template has a variable only the browser or unset options fill in (null: no hint)", () => {
    expect(tileImageUrl("https://tiles.example.com/{z}/{x}/{y}{r}.png", tile)).toBeNull();
    expect(tileImageUrl("https://tiles.example.com/{z}/{x}/{y}.png?key={apikey}", tile)).toBeNull();
  });
});

describe("the first view's tiles around the default centre", () => {
  const template = "https://tile.example/{z}/{x}/{y}.png";
  const amsterdam = { lat: 52.3676, lng: 4.9041 };

  it("are the 3 × 3 tiles Leaflet draws around the centre, each placed where Leaflet puts it", () => {
    const tiles = tilesAround(template, amsterdam, 13);
    const centre = leafletTile(amsterdam.lat, amsterdam.lng, 13);
    expect(tiles).toHaveLength(9);
    const middle = tiles[4]!;
    expect(middle.url).toBe(`https://tile.example/13/${centre.x}/${centre.y}.png`);
    // The centre point lies inside the middle tile: its corner is up to one tile left of and above the point.
    expect(middle.left).toBeLessThanOrEqual(0);
    expect(middle.left).toBeGreaterThan(-256);
    expect(middle.top).toBeLessThanOrEqual(0);
    expect(middle.top).toBeGreaterThan(-256);
    expect(tiles[0]).toEqual({
      url: `https://tile.example/13/${centre.x - 1}/${centre.y - 1}.png`,
      left: middle.left - 256,
      top: middle.top - 256,
    });
    expect(tiles[8]!.url).toBe(`https://tile.example/13/${centre.x + 1}/${centre.y + 1}.png`);
  });

  it("leave out rows beyond the map's edge, and none are guessed for a template only the browser can fill", () => {
    expect(tilesAround(template, { lat: 85.05, lng: 0 }, 2)).toHaveLength(6);
    expect(tilesAround("https://tile.example/{z}/{x}/{y}{r}.png", amsterdam, 13)).toEqual([]);
  });
});
