import { describe, expect, it, vi } from "vitest";
import { serviceHarnessForSuite } from "../../support/service-harness";

/**
 * Issue 34, "What breaks" 6: the map's own locations are the tenant's own (`filter[roaming]=false`), read in one cursor
 * walk per refresh; a location's EVSEs are found on each of its charge points.
 */
const holder = vi.hoisted(() => ({ harness: null as unknown as import("../driver-services/harness").ServiceHarness }));
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));

const { platformOwnLocations } = await import("@/lib/features/map/platform-locations");

const LOCATIONS = "/public-api/resources/locations/v2.0";
const OWN_SEED = [501, 502, 503, 504];

const h = serviceHarnessForSuite({ seams: holder, dialect: "ampeco", seedLocations: true });

const listingReads = async () => (await h.state()).requestLog.filter((e) => e.path === LOCATIONS);

describe("the map's own locations", () => {
  it("leave a roaming partner's sites out: the listing is asked for filter[roaming]=false", async () => {
    await h.control("PUT", "/settings", { roamingLocations: true });
    const everything = await h.client.locations.listLocations({ perPage: 100 });
    expect(everything.items.map((l) => l.id)).toEqual([...OWN_SEED, 901, 902]);

    const own = await platformOwnLocations.list();
    expect(own.map((l) => l.id)).toEqual(OWN_SEED);
    const reads = await listingReads();
    expect(new URLSearchParams(reads.at(-1)!.query).get("filter[roaming]")).toBe("false");
  });

  it("are one cursor walk per refresh: 20 listing calls for 2,000 sites, not 210", async () => {
    await h.control("PUT", "/settings", { generatedLocations: 2_000 - OWN_SEED.length });
    const own = await platformOwnLocations.list();
    expect(own).toHaveLength(2_000);
    expect(new Set(own.map((l) => l.id)).size).toBe(2_000);
    expect(await listingReads()).toHaveLength(20);
  });

  it("stop at 2,000 sites on a larger network, reading no page beyond", async () => {
    await h.control("PUT", "/settings", { generatedLocations: 2_345 });
    expect(await platformOwnLocations.list()).toHaveLength(2_000);
    expect(await listingReads()).toHaveLength(20);
  });
});

describe("a location with several charge points", () => {
  it("has the EVSEs of each of its charge points, as with one charge point holding them all", async () => {
    const oneCharger = await h.client.locations.getLocation(501);
    await h.control("PUT", "/settings", { chargePoints: "one-per-evse" });
    h.sent.length = 0;
    const twoChargers = await h.client.locations.getLocation(501);
    expect(twoChargers?.evses).toEqual(oneCharger?.evses);
    expect(twoChargers?.evses.map((e) => e.id)).toEqual([50101, 50102]);
    expect(h.sent.filter((r) => /\/charge-points\/v2\.0\/\d+\/evses$/.test(r.path))).toHaveLength(2);
  });
});
