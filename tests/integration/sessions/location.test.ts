import { describe, expect, it } from "vitest";
import { getLocationNames, getSessionLocation } from "@/lib/features/sessions/service";
import { sessionsHarnessForSuite } from "./harness";

/** The location join of the detail page and the row labels, with and without platform locations. */

describe("with the platform's default (no locations assigned: every detail read is a 404)", () => {
  const h = sessionsHarnessForSuite();

  it("marks the location unavailable instead of failing, and knows no row names", async () => {
    expect(await getSessionLocation({ locationId: 501 }, "en", h.deps)).toEqual({
      kind: "unavailable",
      locationId: 501,
    });
    expect(await getLocationNames("en", h.deps)).toEqual({});
  });

  it("says nothing about a session without a location id and makes no call for it", async () => {
    h.requests.length = 0;
    expect(await getSessionLocation({ locationId: null }, "en", h.deps)).toEqual({ kind: "none" });
    expect(h.requests).toHaveLength(0);
  });
});

describe("with locations on the platform", () => {
  const h = sessionsHarnessForSuite({ seedLocations: true });

  it("joins the location in the driver's language, falling back to the first translation", async () => {
    expect(await getSessionLocation({ locationId: 501 }, "nl-NL", h.deps)).toEqual({
      kind: "known",
      location: {
        id: 501,
        name: "Laadplein Westerpark",
        address: "Haarlemmerweg 8, Amsterdam",
        latitude: 52.3866,
        longitude: 4.8752,
        evseCount: 2,
      },
    });
    const english = await getSessionLocation({ locationId: 501 }, "en-GB", h.deps);
    expect(english.kind === "known" && english.location.name).toBe("Westerpark Charging Hub");
    const german = await getSessionLocation({ locationId: 501 }, "de-DE", h.deps);
    const first = (await h.emu.call("GET", "/public-api/resources/locations/v2.0/501")).body.data.name[0].translation;
    expect(german.kind === "known" && german.location.name).toBe(first);
  });

  it("labels rows with location names from one listing call", async () => {
    h.requests.length = 0;
    const names = await getLocationNames("en", h.deps);
    expect(names[502]).toBe("Zuidas Fast Charger");
    expect(h.requests).toHaveLength(1);
  });

  it("reads a location's EVSEs with their connectors and power (AMPECO: asked for with include[]=connectors)", async () => {
    const location = await h.client.locations.getLocation(501);
    expect(location?.evses.map((e) => [e.id, e.connectors.map((c) => [c.type, c.power])])).toEqual([
      [50101, [["CCS2", 50]]],
      [50102, [["Type 2", 22]]],
    ]);
  });

  it("treats a failing location read as unavailable, not as an error", async () => {
    await h.emu.call("PUT", "/__emulator/faults", {
      body: { rules: [{ path: "/locations/", status: 503, times: 1 }] },
    });
    expect(await getSessionLocation({ locationId: 501 }, "en", h.deps)).toEqual({
      kind: "unavailable",
      locationId: 501,
    });
  });
});
