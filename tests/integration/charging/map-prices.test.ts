import { describe, expect, it, vi } from "vitest";
import type { Viewer } from "@/lib/core/auth/viewer";
import { serviceHarnessForSuite } from "../../support/service-harness";

/** Issue 38: the map's own-network popup prices each EVSE for whoever looks, as the charge point's page does. */
const holder = vi.hoisted(() => ({
  harness: null as unknown as import("../driver-services/harness").ServiceHarness,
  viewer: null as Viewer | null,
}));
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));
vi.mock("@/lib/core/auth/viewer", () => ({ getViewer: async () => holder.viewer }));

const { withEvsePrices } = await import("@/lib/features/charging");
const { toOwnLocation } = await import("@/lib/features/map/own-locations");
const h = serviceHarnessForSuite({ seams: holder, dialect: "ampeco", seedLocations: true });

async function westerpark() {
  const location = await h.client.locations.getLocation(501);
  return toOwnLocation(location!, "en", { lat: 52.37, lng: 4.89 })!;
}

const perKwh = (location: Awaited<ReturnType<typeof withEvsePrices>>) =>
  location.evses.map((evse) => [
    evse.reference,
    evse.price?.kind === "prices" ? evse.price.prices.perKwh : evse.price?.kind,
  ]);

describe("the map's own-network prices", () => {
  it("shows each EVSE's price without an account to a visitor, and the account's own to a driver", async () => {
    holder.viewer = null;
    expect(perKwh(await withEvsePrices(await westerpark()))).toEqual([
      ["NL*DPT*E50101", 0.59],
      ["NL*DPT*E50102", 0.45],
    ]);
    const driver = await h.client.users.createUser({
      email: "map.prices@example.com",
      password: "long enough password 1",
      firstName: "Map",
      lastName: "Reader",
    });
    holder.viewer = { userId: "u-map", email: driver.email, name: null, role: "driver", platformUserId: driver.id };
    expect(perKwh(await withEvsePrices(await westerpark()))).toEqual([
      ["NL*DPT*E50101", 0.55],
      ["NL*DPT*E50102", 0.39],
    ]);
  });

  it("says the price is not available when a tariff cannot be read, and keeps the rest of the popup", async () => {
    holder.viewer = null;
    await h.control("PUT", "/faults", {
      rules: [{ method: "GET", path: "^/public-api/resources/tariffs/v1\\.0$", status: 500, times: 100 }],
    });
    const location = await withEvsePrices(await westerpark());
    expect(location.evses.map((evse) => evse.price?.kind)).toEqual(["unavailable", "unavailable"]);
    expect(location.evses.map((evse) => evse.status)).toEqual(["available", "charging"]);
  });
});
