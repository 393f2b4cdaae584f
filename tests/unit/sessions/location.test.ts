import { describe, expect, it } from "vitest";
import type { ChargingLocation } from "@/lib/platform/types";
import { describeLocation } from "@/lib/features/sessions/location";

function location(overrides: Partial<ChargingLocation> = {}): ChargingLocation {
  return {
    id: 501,
    names: [
      { locale: "nl", translation: "Laadplein Westerpark" },
      { locale: "en", translation: "Westerpark Charging Hub" },
    ],
    latitude: 52.3866,
    longitude: 4.8752,
    street: "Haarlemmerweg",
    number: "8",
    city: "Amsterdam",
    evses: [{ id: 50101, status: "available", connectors: [] }],
    ...overrides,
  };
}

describe("describeLocation", () => {
  it("names the location in the driver's language", () => {
    expect(describeLocation(location(), "nl-NL").name).toBe("Laadplein Westerpark");
    expect(describeLocation(location(), "en-GB").name).toBe("Westerpark Charging Hub");
  });

  it("falls back to the first translation for a language the location lacks", () => {
    expect(describeLocation(location(), "de-DE").name).toBe("Laadplein Westerpark");
    expect(describeLocation(location({ names: [] }), "en").name).toBe("Location #501");
  });

  it("writes a one-line address and counts the charge points", () => {
    expect(describeLocation(location(), "en")).toMatchObject({ address: "Haarlemmerweg 8, Amsterdam", evseCount: 1 });
    expect(describeLocation(location({ street: null, number: null, city: null }), "en").address).toBeNull();
  });
});
