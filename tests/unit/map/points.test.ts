import { describe, expect, it } from "vitest";
import nlExport from "@/emulators/map/data/poi-nl-ocm-export.json";
import deFull from "@/emulators/map/data/poi-de-evmap-list.json";
import deCompact from "@/emulators/map/data/poi-de-evmap-list_compact.json";
import hanoverFull from "@/emulators/map/data/poi-de-evmap-175585.json";
import hanoverCompact from "@/emulators/map/data/poi-de-evmap-175585_compact.json";
import referenceJson from "@/emulators/map/data/referencedata-2023-08-ocm-app.json";
import { withoutNulls } from "@/emulators/map/serialize";
import { OcmReferenceData, parsePoiList, type OcmPoi } from "@/lib/features/map/ocm-schema";
import { connectorLabel, distanceKm, maxPowerKw, toMapPointBase, withDistances } from "@/lib/features/map/points";
import { buildReferenceLookup, EMPTY_REFERENCE_LOOKUP, slimReferenceData } from "@/lib/features/map/reference";

/** Over the shipped real responses (emulators/map/data, CC BY 4.0). */

const lookup = buildReferenceLookup(slimReferenceData(OcmReferenceData.parse(referenceJson)));

function parseAll(body: unknown): OcmPoi[] {
  const parsed = parsePoiList(body);
  if (!parsed) throw new Error("not a list");
  expect(parsed.dropped).toBe(0);
  return parsed.points;
}

const nl = parseAll(nlExport);
const byId = (points: OcmPoi[], id: number) => {
  const found = points.find((p) => p.ID === id);
  if (!found) throw new Error(`fixture ${id} missing`);
  return found;
};

describe("power of a point", () => {
  it("is the highest PowerKW over all connections", () => {
    // Fastned Vrijenban: CCS2 175 + CCS2 50 + CHAdeMO 50 + Type 2 tethered 43.
    expect(maxPowerKw(byId(nl, 132378).Connections)).toBe(175);
    expect(toMapPointBase(byId(nl, 132378), lookup).maxPowerKw).toBe(175);
  });

  it("ignores connections without PowerKW and is null when none has one", () => {
    for (const id of [107646, 100886]) {
      const poi = byId(nl, id);
      const stated = (poi.Connections ?? []).map((c) => c.PowerKW).filter((p): p is number => typeof p === "number");
      expect(maxPowerKw(poi.Connections)).toBe(stated.length ? Math.max(...stated) : null);
    }
    expect(maxPowerKw([{ PowerKW: null }, {}])).toBeNull();
    expect(maxPowerKw(undefined)).toBeNull();
  });

  it("is right for every real point", () => {
    for (const poi of nl) {
      const powers = (poi.Connections ?? []).map((c) => c.PowerKW ?? 0);
      const expected = Math.max(0, ...powers);
      expect(toMapPointBase(poi, lookup).maxPowerKw).toBe(expected === 0 ? null : expected);
    }
  });
});

describe("connector labels", () => {
  it("maps the spec's five ids", () => {
    const label = (id: number) => connectorLabel({ ConnectionTypeID: id }, EMPTY_REFERENCE_LOOKUP);
    expect([33, 32, 25, 1036, 2].map(label)).toEqual(["CCS2", "CCS1", "Type 2", "Type 2", "CHAdeMO"]);
  });

  it("labels other ids from reference data, trimmed", () => {
    expect(connectorLabel({ ConnectionTypeID: 27 }, lookup)).toBe("NACS / Tesla Supercharger");
    expect(connectorLabel({ ConnectionTypeID: 30 }, lookup)).toBe("Tesla (Model S/X)");
    expect(connectorLabel({ ConnectionTypeID: 28 }, lookup)).toBe("CEE 7/4 - Schuko - Type F");
  });

  it("still says something when an id is unknown or missing", () => {
    expect(connectorLabel({ ConnectionTypeID: 99999 }, lookup)).toBe("Connector type 99999");
    expect(connectorLabel({}, lookup)).toBe("Unknown connector");
  });

  it("labels every real connection without a gap", () => {
    const labels = nl.flatMap((poi) => toMapPointBase(poi, lookup).connectors.map((c) => c.label));
    expect(labels).toContain("CCS2");
    expect(labels).toContain("Type 2");
    expect(labels).toContain("CHAdeMO");
    expect(labels.every((l) => l.length > 0 && !l.startsWith("Connector type"))).toBe(true);
  });

  it("merges identical connections and keeps quantities", () => {
    const tesla = nl.find((p) => p.OperatorID === 23 && (p.Connections?.length ?? 0) > 0);
    expect(tesla).toBeDefined();
    const point = toMapPointBase(tesla as OcmPoi, lookup);
    const totalQuantity = (tesla?.Connections ?? []).reduce(
      (sum, c) => sum + (c.Quantity && c.Quantity > 0 ? c.Quantity : 1),
      0,
    );
    expect(point.connectors.reduce((sum, c) => sum + c.quantity, 0)).toBe(totalQuantity);
  });
});

describe("hydration from reference data (compact mode has OperatorID, not OperatorInfo)", () => {
  it("gives the operator title for OperatorID", () => {
    expect(toMapPointBase(byId(nl, 132378), lookup).operator).toBe("FastNed");
    const hanover = parseAll(withoutNulls(hanoverCompact as never));
    expect(toMapPointBase(hanover[0] as OcmPoi, lookup).operator).toBe("EnerCity");
  });

  it("treats the unknown operator (id 1) as no operator", () => {
    const unknown = nl.find((p) => p.OperatorID === 1);
    expect(unknown).toBeDefined();
    expect(toMapPointBase(unknown as OcmPoi, lookup).operator).toBeNull();
  });

  it("gives status title and operational flag for StatusTypeID", () => {
    const point = toMapPointBase(byId(nl, 132378), lookup);
    expect(point.status).toBe("Operational");
    expect(point.statusCode).toBe("operational");
    expect(point.isOperational).toBe(true);
  });

  it("turns compact + verbose=false points into the same view as full points", () => {
    // compact=true&verbose=false is the spec's mode: strip nulls from the compact fixtures to get it.
    const pairs: [unknown, unknown][] = [
      [deCompact, deFull],
      [hanoverCompact, hanoverFull],
    ];
    for (const [compact, full] of pairs) {
      const fromCompact = parseAll(withoutNulls(compact as never)).map((p) => toMapPointBase(p, lookup));
      const fromFull = parseAll(full).map((p) => toMapPointBase(p, EMPTY_REFERENCE_LOOKUP));
      expect(
        fromCompact.map((p) => [p.id, p.operator, p.status, p.isOperational, p.connectors.map((c) => c.label)]),
      ).toEqual(fromFull.map((p) => [p.id, p.operator, p.status, p.isOperational, p.connectors.map((c) => c.label)]));
    }
  });

  it("names the data provider and its licence", () => {
    expect(toMapPointBase(byId(nl, 132378), lookup).dataProvider).toEqual({
      title: "Open Charge Map Contributors",
      licence: "Licensed under Creative Commons Attribution 4.0 International (CC BY 4.0)",
    });
  });
});

describe("missing fields", () => {
  it("copes with a point that has nothing but ID and coordinates", () => {
    const [bare] = parseAll([{ ID: 1, AddressInfo: { Latitude: 52, Longitude: 5 } }]);
    expect(toMapPointBase(bare as OcmPoi, lookup)).toEqual({
      id: 1,
      title: "Charge point 1",
      demo: false,
      address: null,
      town: null,
      postcode: null,
      lat: 52,
      lng: 5,
      maxPowerKw: null,
      connectors: [],
      operator: null,
      usageCost: null,
      status: null,
      statusCode: "unknown",
      isOperational: null,
      dataProvider: null,
    });
  });

  it("reads UsageCost when present and null when absent", () => {
    const withCost = nl.filter((p) => p.UsageCost);
    expect(withCost.length).toBeGreaterThan(0);
    for (const poi of nl) expect(toMapPointBase(poi, lookup).usageCost).toBe(poi.UsageCost?.trim() || null);
  });

  it("treats the literal string 'null' as missing and falls back for the title", () => {
    const [poi] = parseAll([{ ID: 7, AddressInfo: { AddressLine1: "null", Town: " ", Latitude: 1, Longitude: 2 } }]);
    const point = toMapPointBase(poi as OcmPoi, lookup);
    expect(point.address).toBeNull();
    expect(point.town).toBeNull();
    expect(point.title).toBe("Charge point 7");
  });

  it("takes the status from the connections when the point has none", () => {
    const [poi] = parseAll([
      {
        ID: 8,
        AddressInfo: { Latitude: 1, Longitude: 2 },
        Connections: [
          { ID: 1, StatusTypeID: 100 },
          { ID: 2, StatusTypeID: 50 },
        ],
      },
    ]);
    expect(toMapPointBase(poi as OcmPoi, lookup)).toMatchObject({ status: "Operational", isOperational: true });
  });

  it("drops malformed points, keeps the rest, and tolerates odd optional values", () => {
    const parsed = parsePoiList([
      { ID: 1, AddressInfo: { Latitude: 1, Longitude: 1 }, UsageCost: 42, Connections: [{ PowerKW: "fast" }] },
      { ID: "two", AddressInfo: { Latitude: 1, Longitude: 1 } },
      { ID: 3, AddressInfo: { Latitude: 100, Longitude: 1 } },
    ]);
    expect(parsed?.points.map((p) => p.ID)).toEqual([1]);
    expect(parsed?.dropped).toBe(2);
    expect(parsed?.points[0]?.UsageCost).toBeNull();
    expect(parsePoiList({ error: "nope" })).toBeNull();
  });
});

describe("distances are computed by the portal", () => {
  it("sorts nearest first from the caller's centre, whatever unit the API used", () => {
    const centre = { lat: 52.0907, lng: 5.1214 };
    const points = withDistances(
      nl.map((p) => toMapPointBase(p, lookup)),
      centre,
    );
    const distances = points.map((p) => p.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distanceKm({ lat: 52.3702, lng: 4.8952 }, centre)).toBeCloseTo(35.1, 0);
  });
});
