import { describe, expect, it } from "vitest";
import { locationName } from "@/lib/platform/location-name";
import { PlatformUnauthorizedError } from "@/lib/platform/errors";
import { caught, harness, listJson, reply, sessionJson } from "./fake-platform";

describe("sessions", () => {
  it.each([
    [{ status: "charging", stoppedAt: null, stoppedAtLocal: null }, true],
    [{ status: "started", stoppedAtLocal: null }, true],
    [{ status: "charging", stoppedAtLocal: "2026-03-14T19:00:00+01:00" }, false],
    [{ status: "charging", stoppedAt: "2026-03-14T18:00:00Z", stoppedAtLocal: null }, false],
    [{ status: "finished", stoppedAtLocal: null }, false],
    [{ status: "failed", stoppedAtLocal: null }, false],
  ])("isRunning for %j is %s", async (fields, running) => {
    const h = harness([reply(listJson([sessionJson(fields)], null))]);
    const page = await h.client.sessions.listSessions({ userId: 1 });
    expect(page.items[0]?.isRunning).toBe(running);
  });

  it("maps a session detail including the UTC times", async () => {
    const h = harness([
      reply({
        data: sessionJson({
          id: "55001",
          startedAt: "2026-03-14T17:02:11Z",
          stoppedAt: "2026-03-14T18:12:40Z",
          energy: "12345",
          amount: "4.20",
        }),
      }),
    ]);
    expect(await h.client.sessions.getSession("55001")).toEqual({
      id: "55001",
      startedAt: "2026-03-14T17:02:11Z",
      startedAtLocal: "2026-03-14T18:02:11+01:00",
      stoppedAt: "2026-03-14T18:12:40Z",
      stoppedAtLocal: "2026-03-14T19:12:40+01:00",
      energyWh: 12345,
      amount: 4.2,
      status: "finished",
      evseId: 801,
      locationId: 9001,
      isRunning: false,
    });
  });

  it("list items without UTC times get null, not undefined", async () => {
    const h = harness([reply(listJson([sessionJson({ evseId: undefined, locationId: null })], null))]);
    const [s] = (await h.client.sessions.listSessions({ userId: 1 })).items;
    expect(s).toMatchObject({ startedAt: null, stoppedAt: null, evseId: null, locationId: null });
  });

  it("getSession answers null on 404 but throws other errors", async () => {
    const h = harness([reply({ message: "No query results" }, 404), reply({ message: "Unauthenticated." }, 401)]);
    expect(await h.client.sessions.getSession("1")).toBeNull();
    expect(await caught(h.client.sessions.getSession("1"))).toBeInstanceOf(PlatformUnauthorizedError);
  });
});

describe("locations", () => {
  const detail = {
    id: 9001,
    name: [
      { locale: "nl", translation: "Laadplein Centrum" },
      { locale: "en", translation: "Central charging plaza" },
    ],
    geoposition: { latitude: 52.37, longitude: 4.89 },
    address: { street: "Damrak", number: "1", extra: "ignored" },
    city: "Amsterdam",
    evses: [
      {
        id: 801,
        status: "available",
        connectors: [
          { type: "CCS2", power: 150 },
          { type: "Type 2", power: null },
        ],
      },
    ],
  };

  it("maps the detail to the view model", async () => {
    const h = harness([reply({ data: detail })]);
    expect(await h.client.locations.getLocation(9001)).toEqual({
      id: 9001,
      names: detail.name,
      latitude: 52.37,
      longitude: 4.89,
      street: "Damrak",
      number: "1",
      city: "Amsterdam",
      // The EVSEs and their connectors come out with the same fields and values as sent.
      evses: detail.evses,
    });
  });

  it("getLocation answers null on 404 and the empty list is an empty page", async () => {
    const h = harness([
      reply({ message: "No query results" }, 404),
      reply({ data: [], meta: { current_page: 1, last_page: 1, per_page: 15, total: 0 }, links: { next: null } }),
    ]);
    expect(await h.client.locations.getLocation(9001)).toBeNull();
    const page = await h.client.locations.listLocations({ perPage: 15 });
    expect(page).toEqual({ items: [], page: 1, perPage: 15, total: 0, lastPage: 1, hasNext: false });
    expect(h.requests[1]?.url.search).toBe("?per_page=15");
  });

  it("list items have no evses and tolerate missing optional parts", async () => {
    const h = harness([reply(listJson([{ id: 7, name: [], city: null }], null))]);
    const [loc] = (await h.client.locations.listLocations()).items;
    expect(loc).toEqual({
      id: 7,
      names: [],
      latitude: null,
      longitude: null,
      street: null,
      number: null,
      city: null,
      evses: [],
    });
  });
});

describe("locationName", () => {
  const names = [
    { locale: "nl", translation: "Laadplein" },
    { locale: "en", translation: "Charging plaza" },
    { locale: "de-DE", translation: "Ladeplatz" },
  ];
  it.each([
    ["en", "Charging plaza"],
    ["en-GB", "Charging plaza"],
    ["EN_gb", "Charging plaza"],
    ["de-DE", "Ladeplatz"],
    ["de", "Ladeplatz"],
    ["de-AT", "Ladeplatz"],
    ["fr", "Laadplein"],
    ["", "Laadplein"],
  ])("for %j picks %j", (locale, expected) => {
    expect(locationName({ id: 1, names }, locale)).toBe(expected);
  });

  it("prefers the exact locale over the bare language", () => {
    const regional = [
      { locale: "en", translation: "Plaza" },
      { locale: "en-GB", translation: "Plaza (GB)" },
    ];
    expect(locationName({ id: 1, names: regional }, "en-GB")).toBe("Plaza (GB)");
    expect(locationName({ id: 1, names: regional }, "en-US")).toBe("Plaza");
    const usFirst = [
      { locale: "en-US", translation: "Plaza (US)" },
      { locale: "en", translation: "Plaza" },
    ];
    expect(locationName({ id: 1, names: usFirst }, "en-GB")).toBe("Plaza");
    expect(locationName({ id: 1, names: usFirst }, "en-AU")).not.toBe("Location #1");
  });

  it("falls back to Location #id when there is no usable translation", () => {
    expect(locationName({ id: 42, names: [] }, "en")).toBe("Location #42");
    expect(locationName({ id: 42, names: [{ locale: "en", translation: "  " }] }, "en")).toBe("Location #42");
  });
});
