import { describe, expect, it, vi } from "vitest";
import { placesOfSessions } from "@/lib/features/sessions/places";
import { getSessionLocation } from "@/lib/features/sessions/service";
import { DEMO_DRIVER_ID, sessionsHarnessForSuite, type SessionsHarness } from "./harness";

/** The demo driver's newest page of sessions, as the list page reads it. */
const newestPage = async (h: SessionsHarness) =>
  (await h.deps.platform.sessions.listSessions({ userId: DEMO_DRIVER_ID, page: 1, perPage: 20 })).items;

/** The suite's deps with a platform client of its own, so no location read in an earlier test is kept for it. */
const withNothingKept = (h: SessionsHarness): SessionsHarness["deps"] => ({
  ...h.deps,
  platform: { ...h.deps.platform, locations: { ...h.deps.platform.locations } },
});

/** The location join of the detail page and the row labels, with and without platform locations. */

describe("with the platform's default (no locations assigned: every detail read is a 404)", () => {
  const h = sessionsHarnessForSuite();

  it("marks the location unavailable instead of failing", async () => {
    expect(await getSessionLocation({ locationId: 501 }, "en", h.deps)).toEqual({
      kind: "unavailable",
      locationId: 501,
    });
  });

  it("knows no place of a page of sessions, and says so once for the page", async () => {
    const sessions = await newestPage(h);
    expect(sessions.length).toBeGreaterThan(0);
    expect(await placesOfSessions(sessions, "en", h.deps)).toEqual({ labels: {}, noneTold: true });
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

  it("names every place of a page, a roaming partner's site included, each read once", async () => {
    const sessions = await newestPage(h);
    const deps = withNothingKept(h);
    h.requests.length = 0;
    const places = await placesOfSessions(sessions, "en", deps);
    expect(places.noneTold).toBe(false);
    for (const session of sessions) expect(places.labels[session.locationId!], `session ${session.id}`).toBeTruthy();
    const roaming = sessions.filter((s) => s.locationId === 901 || s.locationId === 902);
    expect(roaming.length).toBeGreaterThan(0);
    expect(places.labels[901]).toEqual({ name: "Partner hub Sloterdijk", address: "Orlyplein 10, Amsterdam" });
    expect(Object.values(places.labels)).toContainEqual({
      name: "Westerpark Charging Hub",
      address: "Haarlemmerweg 8, Amsterdam",
    });
    const locationReads = h.requests.filter((url) => /\/locations\/v2\.0\/\d+$/.test(url.pathname));
    expect(locationReads).toHaveLength(new Set(sessions.map((s) => s.locationId)).size);

    h.requests.length = 0;
    expect(await placesOfSessions(sessions, "de", deps)).toEqual({ ...places, labels: expect.any(Object) });
    expect(
      h.requests.filter((url) => /\/locations\//.test(url.pathname)),
      "the next page's places are kept",
    ).toEqual([]);
  });

  it("reads a kept location again after five minutes", async () => {
    const deps = withNothingKept(h);
    const clock = vi.spyOn(Date, "now");
    try {
      await getSessionLocation({ locationId: 501 }, "en", deps);
      h.requests.length = 0;
      clock.mockReturnValue(Date.now() + 4 * 60_000);
      await getSessionLocation({ locationId: 501 }, "en", deps);
      expect(h.requests).toHaveLength(0);
      clock.mockReturnValue(Date.now() + 6 * 60_000);
      await getSessionLocation({ locationId: 501 }, "en", deps);
      expect(h.requests.filter((url) => /\/locations\//.test(url.pathname)).map((url) => url.pathname)).toEqual([
        "/public-api/resources/locations/v2.0/501",
      ]);
    } finally {
      clock.mockRestore();
    }
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
    const deps = withNothingKept(h);
    expect(await getSessionLocation({ locationId: 501 }, "en", deps)).toEqual({
      kind: "unavailable",
      locationId: 501,
    });
    expect(await getSessionLocation({ locationId: 501 }, "en", deps), "a failed read is not kept").toMatchObject({
      kind: "known",
    });
  });
});
