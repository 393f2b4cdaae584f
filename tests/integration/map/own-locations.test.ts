import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChargingLocation } from "@/lib/platform/types";
import { createMapHarness, type MapHarness } from "./harness";

/** The second layer: the platform's own locations, by locale, near the map centre — and coping with none. */

const depot: ChargingLocation = {
  id: 41,
  names: [
    { locale: "en", translation: "City depot" },
    { locale: "nl", translation: "Stadsremise" },
  ],
  latitude: 52.372,
  longitude: 4.9,
  street: "Piet Heinkade",
  number: "5",
  city: "Amsterdam",
  evses: [],
};
const far: ChargingLocation = {
  ...depot,
  id: 42,
  names: [{ locale: "de", translation: "Berlin Hof" }],
  latitude: 52.52,
  longitude: 13.4,
};
const unplaced: ChargingLocation = { ...depot, id: 43, latitude: null, longitude: null };

describe("own locations layer", () => {
  let h: MapHarness;
  let list = vi.fn(async (): Promise<ChargingLocation[]> => []);
  let get = vi.fn(async (_id: number): Promise<ChargingLocation | null> => null);
  beforeEach(async () => {
    list = vi.fn(async () => []);
    get = vi.fn(async () => null);
    h = await createMapHarness({ ownLocations: { list: () => list(), get: (id) => get(id) } });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await h.close();
  });

  it("is empty today and the map works", async () => {
    const response = await h.service.findPoints({ lat: 52.37, lng: 4.9, radiusKm: 10, limit: 8 }, "en");
    expect(response.ownLocations).toEqual([]);
    expect(response.points).toHaveLength(8);
    expect(await h.service.getOwnLocation(41, "en")).toBeNull();
  });

  it("shows nearby locations named in the viewer's language, with the first name as fallback", async () => {
    list.mockResolvedValue([depot, far, unplaced]);
    const nl = await h.service.findPoints({ lat: 52.37, lng: 4.9, radiusKm: 10, limit: 8 }, "nl-NL");
    expect(nl.ownLocations).toEqual([
      expect.objectContaining({
        id: 41,
        name: "Stadsremise",
        address: "Piet Heinkade 5",
        city: "Amsterdam",
        evses: [],
      }),
    ]);
    expect(nl.ownLocations[0]?.distanceKm).toBeGreaterThan(0.2);
    const fr = await h.service.findPoints({ lat: 52.52, lng: 13.4, radiusKm: 10, limit: 8 }, "fr");
    expect(fr.ownLocations.map((l) => l.name)).toEqual(["Berlin Hof"]);
    // Read once and reused: the platform is not asked on every map move.
    expect(list).toHaveBeenCalledTimes(1);
  });

  it("gives evses and connectors on detail", async () => {
    get.mockResolvedValue({
      ...depot,
      evses: [
        {
          id: 7,
          status: "available",
          connectors: [
            { type: "CCS2", power: 150 },
            { type: "Type 2", power: null },
          ],
        },
      ],
    });
    const detail = await h.service.getOwnLocation(41, "en");
    expect(detail?.name).toBe("City depot");
    expect(detail?.evses).toEqual([
      {
        id: 7,
        status: "available",
        // A contract location: no printed reference, so no link to a charge point's page, and no tariff group.
        reference: null,
        tariffGroupId: null,
        connectors: [
          { type: "CCS2", powerKw: 150 },
          { type: "Type 2", powerKw: null },
        ],
      },
    ]);
  });

  it("never breaks the map when the platform fails", async () => {
    list.mockRejectedValue(new Error("platform down"));
    const response = await h.service.findPoints({ lat: 52.37, lng: 4.9, radiusKm: 10, limit: 8 }, "en");
    expect(response.ownLocations).toEqual([]);
    expect(response.points).toHaveLength(8);
  });
});
