import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import referenceJson from "@/emulators/map/data/referencedata-2023-08-ocm-app.json";
import { mapReferenceData } from "@/lib/core/db/schema";
import { createUpstreamGate } from "@/lib/features/map/errors";
import { createMapDataClient } from "@/lib/features/map/ocm-client";
import { OcmReferenceData } from "@/lib/features/map/ocm-schema";
import { slimReferenceData } from "@/lib/features/map/reference";
import { createReferenceStore } from "@/lib/features/map/reference-store";
import { testDriver } from "../../support/test-db";
import { mapHarnessForEachTest, TEST_MAP_KEY } from "./harness";

const DAY_SECONDS = 24 * 60 * 60;

describe(`reference data store on ${testDriver}`, () => {
  const h = mapHarnessForEachTest({ quiet: true });

  const storedRow = async () =>
    (await h.db.db.select().from(mapReferenceData).where(eq(mapReferenceData.id, "ocm-core")))[0];

  it("is fetched once, stored in the DB, reused after a restart, and refreshed after a day", async () => {
    const lookup = await h.service.reference.getLookup();
    expect(lookup.operatorTitle(74)).toBe("FastNed");
    expect(lookup.connectionTypeTitle(1036)).toBe("Type 2 (Tethered Connector)");
    expect(lookup.statusType(100)).toEqual({ title: "Not Operational", isOperational: false });
    expect((await storedRow())?.fetchedAt.getTime()).toBe(h.clock.now);

    h.restart();
    h.clock.advanceSeconds(DAY_SECONDS - 60);
    await h.service.reference.getLookup();
    expect(h.emulator.stats().referencedata).toBe(1);

    h.clock.advanceSeconds(120);
    await h.service.reference.getLookup();
    expect(h.emulator.stats().referencedata).toBe(2);
    expect((await storedRow())?.fetchedAt.getTime()).toBe(h.clock.now);
  });

  it("keeps the last good copy when a refresh fails, and does not retry in a loop", async () => {
    await h.service.reference.getLookup();
    const goodAt = (await storedRow())?.fetchedAt.getTime();
    h.clock.advanceSeconds(DAY_SECONDS + 1);
    h.emulator.setFault({ status: 500, path: "referencedata" });

    const lookup = await h.service.reference.getLookup();
    expect(lookup.operatorTitle(74)).toBe("FastNed");
    expect((await storedRow())?.fetchedAt.getTime()).toBe(goodAt);
    for (let i = 0; i < 10; i += 1) await h.service.reference.getLookup();
    expect(h.emulator.stats().referencedata).toBe(2);

    // A new process still finds the good copy in the DB.
    h.restart();
    expect((await h.service.reference.getLookup()).operatorTitle(23)).toBe("Tesla (Tesla-only charging)");

    h.emulator.setFault(null);
    h.clock.advanceSeconds(16 * 60);
    await h.service.reference.getLookup();
    expect((await storedRow())?.fetchedAt.getTime()).toBe(h.clock.now);
  });

  it("does not replace a good copy with a body that is not reference data", async () => {
    const gate = createUpstreamGate(() => new Date(h.clock.now));
    let body: unknown = referenceJson;
    const client = createMapDataClient({
      baseUrl: "http://map-data.test",
      apiKey: TEST_MAP_KEY,
      log: () => undefined,
      fetch: async () => Response.json(body),
    });
    const store = createReferenceStore({ getDb: async () => h.db.db, client, gate, now: () => new Date(h.clock.now) });
    await store.getLookup();
    body = { status: "error", description: "something else" };
    h.clock.advanceSeconds(DAY_SECONDS + 1);
    expect((await store.getLookup()).operatorTitle(74)).toBe("FastNed");
    expect((await store.current())?.data.operators.length).toBeGreaterThan(600);
  });

  it("uses the bundled snapshot while no copy was ever stored, without saving it", async () => {
    h.emulator.setFault({ status: 503, path: "referencedata" });
    const bundled = slimReferenceData(OcmReferenceData.parse(referenceJson));
    const service = h.restart({ fallbackReference: async () => bundled });
    expect((await service.reference.getLookup()).operatorTitle(3299)).toBe("Ionity");
    expect(await storedRow()).toBeUndefined();
  });

  it("still serves points, with the five fixed connector labels, when reference data has never loaded", async () => {
    h.emulator.setFault({ status: 503, path: "referencedata" });
    const response = await h.service.findPoints({ lat: 52.37, lng: 4.9, radiusKm: 5, limit: 50 }, "en");
    expect(response.points.length).toBeGreaterThan(8);
    expect(response.points.flatMap((p) => p.connectors.map((c) => c.label))).toContain("Type 2");
    expect(h.emulator.stats()).toEqual({ poi: 1, referencedata: 1 });
  });
});
