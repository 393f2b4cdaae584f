import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/core/i18n/translator";
import { formatKw } from "@/lib/features/map/format";
import nlExport from "@/emulators/map/data/poi-nl-ocm-export.json";
import referenceJson from "@/emulators/map/data/referencedata-2023-08-ocm-app.json";
import {
  applyFiltersToSearchParams,
  describeFilters,
  filterPoints,
  filtersFromSearchParams,
  matchesFilters,
  NO_FILTERS,
} from "@/lib/features/map/filters";
import { OcmReferenceData, parsePoiList } from "@/lib/features/map/ocm-schema";
import { toMapPointBase, type MapConnector } from "@/lib/features/map/points";
import { buildReferenceLookup, slimReferenceData } from "@/lib/features/map/reference";

const point = (...connectors: [string, number | null][]) => ({
  connectors: connectors.map(([label, powerKw]): MapConnector => ({ label, powerKw, quantity: 1 })),
});

describe("same-connection filter", () => {
  const mixed = point(["Type 2", 11], ["CCS2", 50]);

  it("does not match Type 2 ≥ 50 kW when only the CCS2 connector has 50 kW", () => {
    expect(matchesFilters(mixed, { connector: "Type 2", minKw: 50 })).toBe(false);
  });

  it("matches each condition on a connector that meets it", () => {
    expect(matchesFilters(mixed, { connector: "CCS2", minKw: 50 })).toBe(true);
    expect(matchesFilters(mixed, { connector: "Type 2", minKw: 11 })).toBe(true);
    expect(matchesFilters(mixed, { connector: "Type 2", minKw: null })).toBe(true);
    expect(matchesFilters(mixed, { connector: null, minKw: 50 })).toBe(true);
    expect(matchesFilters(mixed, { connector: "CHAdeMO", minKw: null })).toBe(false);
  });

  it("never lets an unknown power pass a minimum, and lets everything pass no filter", () => {
    expect(matchesFilters(point(["CCS2", null]), { connector: null, minKw: 1 })).toBe(false);
    expect(matchesFilters(point(), NO_FILTERS)).toBe(true);
  });

  it("holds on the real fixtures: a Fastned site with Type 2 at 43 kW is not 'Type 2, ≥ 50 kW'", () => {
    const lookup = buildReferenceLookup(slimReferenceData(OcmReferenceData.parse(referenceJson)));
    const points = (parsePoiList(nlExport)?.points ?? []).map((p) => toMapPointBase(p, lookup));
    const vrijenban = points.find((p) => p.id === 132378);
    expect(vrijenban?.maxPowerKw).toBe(175);
    expect(vrijenban && matchesFilters(vrijenban, { connector: "Type 2", minKw: 50 })).toBe(false);
    expect(vrijenban && matchesFilters(vrijenban, { connector: "Type 2", minKw: 43 })).toBe(true);

    // Every survivor of a combined filter has one connector meeting both conditions.
    const survivors = filterPoints(points, { connector: "CCS2", minKw: 100 });
    expect(survivors.length).toBeGreaterThan(0);
    expect(survivors.length).toBeLessThan(points.length);
    for (const p of survivors)
      expect(p.connectors.some((c) => c.label === "CCS2" && (c.powerKw ?? 0) >= 100)).toBe(true);
  });
});

describe("filters in the URL", () => {
  it("reads compact values case-insensitively and ignores junk", () => {
    expect(filtersFromSearchParams(new URLSearchParams("connector=type2&minKw=50"))).toEqual({
      connector: "Type 2",
      minKw: 50,
    });
    expect(filtersFromSearchParams(new URLSearchParams("connector=Type%202"))).toEqual({
      connector: "Type 2",
      minKw: null,
    });
    expect(filtersFromSearchParams(new URLSearchParams("connector=chademo&minKw=-3"))).toEqual({
      connector: "CHAdeMO",
      minKw: null,
    });
    expect(filtersFromSearchParams(new URLSearchParams("connector=steam&minKw=abc"))).toEqual(NO_FILTERS);
  });

  it("writes them back without touching other parameters, and round-trips", () => {
    const written = applyFiltersToSearchParams(new URLSearchParams("other=1&minKw=11"), {
      connector: "Type 2",
      minKw: 22,
    });
    expect(written.toString()).toBe("other=1&minKw=22&connector=Type2");
    expect(filtersFromSearchParams(written)).toEqual({ connector: "Type 2", minKw: 22 });
    expect(applyFiltersToSearchParams(written, NO_FILTERS).toString()).toBe("other=1");
  });

  it("describes them for messages", () => {
    const t = translatorFor("en");
    const atLeast = (minKw: number) => t("map.filters.atLeast", { power: formatKw(minKw, "en") });
    expect(describeFilters({ connector: "CCS2", minKw: 50 }, atLeast)).toBe("CCS2, at least 50 kW");
  });
});
