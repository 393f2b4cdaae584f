import { describe, expect, it } from "vitest";
import referenceJson from "@/emulators/map/data/referencedata-2023-08-ocm-app.json";
import { DEMO_TITLE_PREFIX as EMULATOR_DEMO_PREFIX, generateDemoPoints } from "@/emulators/map/demo-points";
import { clusterLook, markerHtml, pointLook } from "@/components/map/marker-look";
import { directionsUri } from "@/lib/features/map/directions";
import { formatUsageCost } from "@/lib/features/map/format";
import { OcmReferenceData, parsePoiList } from "@/lib/features/map/ocm-schema";
import { PlaceQuerySchema } from "@/lib/features/map/place-query";
import { normaliseForSearch, searchPlaces } from "@/lib/features/map/place-search";
import { DEMO_TITLE_PREFIX, toMapPointBase } from "@/lib/features/map/points";
import { buildReferenceLookup, slimReferenceData } from "@/lib/features/map/reference";
import { POINT_STATUS_CODES, statusCodeFor } from "@/lib/features/map/status";

/** Issue 36's map pieces that are pure: status codes, prices, directions, the place search, the marker shapes. */

const reference = OcmReferenceData.parse(referenceJson);
const parsePois = (body: unknown) => parsePoiList(body)?.points ?? [];
const lookup = buildReferenceLookup(slimReferenceData(reference));

describe("status codes", () => {
  it("gives every status type of the reference data its own code, none falling back", () => {
    const codes = reference.StatusTypes.map((s) => [s.ID, statusCodeFor(s.ID, s.Title, s.IsOperational ?? null)]);
    expect(Object.fromEntries(codes)).toEqual({
      0: "unknown",
      10: "available",
      20: "inUse",
      30: "temporarilyUnavailable",
      50: "operational",
      75: "partlyOperational",
      100: "notOperational",
      150: "planned",
      200: "removed",
      210: "removed",
    });
  });

  it("reads a title without a known id, and falls back on the operational flag for a type it does not know", () => {
    expect(statusCodeFor(undefined, " Partly  Operational (Mixed) ", null)).toBe("partlyOperational");
    expect(statusCodeFor(999, "Currently Available (Automated Status)", true)).toBe("available");
    expect(statusCodeFor(999, "Open 24/7 (new type)", true)).toBe("operational");
    expect(statusCodeFor(999, "Closed for works", false)).toBe("notOperational");
    expect(statusCodeFor(null, null, null)).toBe("unknown");
    for (const code of POINT_STATUS_CODES) expect(typeof code).toBe("string");
  });

  it("is set on every point the service makes", () => {
    const [poi] = parsePois([
      { ID: 7, StatusTypeID: 75, AddressInfo: { Title: "Mixed", Latitude: 52, Longitude: 5, Postcode: "1011 AB" } },
    ]);
    const point = toMapPointBase(poi!, lookup);
    expect(point).toMatchObject({ status: "Partly Operational (Mixed)", statusCode: "partlyOperational" });
    expect(point.postcode).toBe("1011 AB");
  });
});

describe("the demo prefix", () => {
  it("is the emulator's, and is kept apart from the title for the page to word", () => {
    expect(DEMO_TITLE_PREFIX).toBe(`${EMULATOR_DEMO_PREFIX} · `);
    const [poi] = parsePois(generateDemoPoints().slice(0, 1));
    const point = toMapPointBase(poi!, lookup);
    expect(point.demo).toBe(true);
    expect(point.title).not.toContain("Demo data");
    expect(point.title.length).toBeGreaterThan(3);
  });
});

describe("free-text prices in the page's number format", () => {
  it.each([
    ["€0,45/kWh", "€0.45/kWh", "€0,45/kWh"],
    ["0.39 EUR per kWh + 1,50 start", "0.39 EUR per kWh + 1.50 start", "0,39 EUR per kWh + 1,50 start"],
    ["1.234,56 € per month", "1,234.56 € per month", "1.234,56 € per month"],
    ["0,450 €/kWh", "0.450 €/kWh", "0,450 €/kWh"],
    ["£0.79/kWh.", "£0.79/kWh.", "£0,79/kWh."],
  ])("%s", (text, english, dutch) => {
    expect(formatUsageCost(text, "en")).toBe(english);
    expect(formatUsageCost(text, "nl")).toBe(dutch);
    expect(formatUsageCost(text, "de")).toBe(dutch);
  });

  it.each(["Free", "Pricing shown in the Tesla app", "€2 per hour", "1,500", "08.00-20.00 free", "v2.1", "1.2.3"])(
    "leaves %s as it is",
    (text) => {
      for (const locale of ["en", "nl", "de"]) expect(formatUsageCost(text, locale)).toBe(text);
    },
  );

  it("never shows a Dutch decimal comma on the English page for the demo data's prices", () => {
    const costs = generateDemoPoints()
      .map((poi) => poi.UsageCost)
      .filter((cost): cost is string => !!cost);
    expect(costs.some((cost) => /\d,\d/.test(cost))).toBe(true);
    for (const cost of costs) expect(formatUsageCost(cost, "en")).not.toMatch(/\d,\d/);
  });
});

describe("directions", () => {
  it("is a geo: URI with the place and its name, whatever the name holds", () => {
    expect(directionsUri({ lat: 52.0907, lng: 5.1214 }, "Biltstraat (P1) & more")).toBe(
      "geo:52.090700,5.121400?q=52.090700,5.121400(Biltstraat%20P1%20%26%20more)",
    );
    expect(directionsUri({ lat: -1.5, lng: 0 }, "")).toBe("geo:-1.500000,0.000000?q=-1.500000,0.000000");
  });
});

describe("the place search", () => {
  const points = parsePois(generateDemoPoints()).map((poi) => toMapPointBase(poi, lookup));

  it("answers a town by the town, with its points' count and middle", () => {
    const [first, ...rest] = searchPlaces(points, "utrecht");
    expect(first).toMatchObject({ kind: "town", name: "Utrecht", count: 70 });
    expect(first?.kind === "town" && Math.abs(first.lat - 52.09) < 0.05).toBe(true);
    // The town's points are not listed one by one for a town's name.
    expect(rest.every((r) => r.kind !== "point" || !/utrecht/i.test(r.address ?? ""))).toBe(true);
  });

  it("finds a street, without accents or case, nearest first", () => {
    const near = { lat: 52.52, lng: 13.405 };
    const results = searchPlaces(points, "mullerstrasse", near);
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.kind === "point" && /Müllerstraße/.test(r.address ?? ""))).toBe(true);
    expect(results.length).toBeLessThanOrEqual(8);
  });

  it("finds a postcode written with or without its space", () => {
    const withPostcode = points.find((p) => p.postcode && / /.test(p.postcode));
    const postcode = withPostcode!.postcode!;
    for (const query of [postcode, postcode.replace(" ", "")]) {
      expect(searchPlaces(points, query).some((r) => r.kind === "point" && r.postcode === postcode)).toBe(true);
    }
  });

  it("finds nothing for a place the data does not hold, and nothing in an empty list", () => {
    expect(searchPlaces(points, "Zzyzx")).toEqual([]);
    expect(searchPlaces([], "Utrecht")).toEqual([]);
    expect(searchPlaces(points, " -- ")).toEqual([]);
    expect(normaliseForSearch("  Köln–Straße ")).toBe("koln strasse");
  });

  it("takes a query of 2 to 80 characters, and ignores a position that does not parse", () => {
    expect(PlaceQuerySchema.safeParse({ q: " " }).error?.issues[0]?.message).toBe("mapErrors.search.tooShort");
    expect(PlaceQuerySchema.safeParse({}).error?.issues[0]?.message).toBe("mapErrors.search.required");
    expect(PlaceQuerySchema.safeParse({ q: "x".repeat(81) }).error?.issues[0]?.message).toBe(
      "mapErrors.search.tooLong",
    );
    expect(PlaceQuerySchema.parse({ q: " Utrecht ", lat: "north", lng: "5" })).toEqual({
      q: "Utrecht",
      lat: undefined,
      lng: 5,
    });
  });
});

describe("marker shapes", () => {
  it("tell a charge point from a group by shape: a label with a tip against a round badge with a ring", () => {
    const point = pointLook("point", "22");
    const cluster = clusterLook(2);
    expect(point.tip).not.toBeNull();
    expect(point.body.borderRadius).not.toBe("50%");
    expect(cluster.tip).toBeNull();
    expect(cluster.body.borderRadius).toBe("50%");
    expect(cluster.outer.borderRadius).toBe("50%");
    // The place is at the point's tip, and at the middle of a group.
    expect(point.anchor).toEqual([point.width / 2, point.height]);
    expect(cluster.anchor).toEqual([cluster.width / 2, cluster.height / 2]);
    expect(markerHtml(point)).toContain('data-marker="point"');
    expect(markerHtml(cluster)).toContain('data-marker="cluster"');
  });
});
