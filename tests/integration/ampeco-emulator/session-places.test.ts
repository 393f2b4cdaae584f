import { describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID } from "@/emulators/platform";
import { loadConfig } from "@/lib/core/config";
import { ampecoEmulatorForSuite, SESSIONS, LOCATIONS, CHARGE_POINTS } from "./harness";

/**
 * Issue 36: the ampeco emulator models the places where its sessions ran, as AMPECO lists them: a session names its
 * charge point, the charge point its location, and some of the demo driver's sessions ran at a roaming partner's site,
 * which the tenant lists beside its own. Every answer is checked against the subset (harness.ts).
 */

const emu = ampecoEmulatorForSuite({ seedLocations: true });

interface WireSession {
  id: string;
  chargePointId: number;
  stoppedAt: string | null;
  status: string;
  roaming?: { cdrIds: number[]; sessionId: string; roamingOperatorCpoId: number };
}

async function demoSessions(): Promise<WireSession[]> {
  const all: WireSession[] = [];
  let next: string | null = `${emu.url}${SESSIONS}?filter[userId]=${DEMO_DRIVER_ID}&cursor=&per_page=100`;
  while (next) {
    const res = await emu.get(next);
    all.push(...(res.body.data as WireSession[]));
    next = res.body.links.next;
  }
  return all;
}

/** session → charge point → location, as a client must walk it (no locationId on an AMPECO session). */
async function placeOf(session: WireSession) {
  const chargePoint = await emu.call("GET", `${CHARGE_POINTS}/${session.chargePointId}`);
  expect(chargePoint.status, `charge point of session ${session.id}`).toBe(200);
  const location = await emu.call("GET", `${LOCATIONS}/${chargePoint.body.data.locationId}`);
  expect(location.status, `location of session ${session.id}`).toBe(200);
  return location.body.data as {
    id: number;
    name: Array<{ locale: string; translation: string }>;
    streetAddress: Array<{ locale: string; translation: string }>;
    city: string;
    roamingOperatorId: number;
    roaming?: { operator: { name: string } };
  };
}

describe("where the ampeco emulator's sessions ran", () => {
  it("names a place, street and city for every one of the demo driver's newest sessions", async () => {
    const before = emu.validated();
    const newest = (await demoSessions()).slice(0, 20);
    for (const session of newest) {
      const place = await placeOf(session);
      expect(place.name.length).toBeGreaterThan(0);
      expect(place.streetAddress[0]?.translation).toMatch(/\S+ \d+/);
      expect(place.city).toMatch(/\S/);
    }
    expect(emu.validated() - before).toBeGreaterThan(40);
  });

  it("places some finished sessions at a roaming partner's site, listed beside the own ones, with the CPO's ids", async () => {
    const sessions = await demoSessions();
    const roaming = sessions.filter((s) => s.roaming !== undefined);
    expect(roaming.length).toBeGreaterThan(5);
    expect(roaming.every((s) => s.status === "finished" && s.stoppedAt !== null)).toBe(true);
    // The third newest finished session, so the list's first page shows one.
    const finished = sessions.filter((s) => s.status === "finished");
    expect(finished[2]?.roaming).toBeDefined();
    const [first] = roaming;
    expect(first!.roaming).toEqual({
      cdrIds: [Number(first!.id)],
      sessionId: `PCPO-${first!.id}`,
      roamingOperatorCpoId: 2,
    });
    const site = await placeOf(first!);
    expect(site).toMatchObject({ roamingOperatorId: 2, roaming: { operator: { name: "Partner CPO" } } });
    expect([901, 902]).toContain(site.id);
    // AMPECO lists partners' sites with the own ones by default; filter[roaming] picks them.
    const listed = await emu.call("GET", `${LOCATIONS}?cursor=`);
    expect(listed.body.data.map((l: { id: number }) => l.id)).toEqual([501, 502, 503, 504, 901, 902]);
    const partners = await emu.call("GET", `${LOCATIONS}?filter[roaming]=true&cursor=`);
    expect(partners.body.data.map((l: { id: number }) => l.id)).toEqual([901, 902]);
    // An own site's session carries no roaming block.
    const own = sessions.find((s) => s.roaming === undefined && s.status === "finished")!;
    expect((await placeOf(own)).roamingOperatorId).toBe(1);
  });

  it("plays a tenant without roaming when roamingLocations is off: those sessions' charge points are unknown", async () => {
    await emu.call("PUT", "/__emulator/settings", { body: { roamingLocations: false } });
    const roaming = (await demoSessions()).find((s) => s.roaming !== undefined)!;
    expect((await emu.call("GET", `${CHARGE_POINTS}/${roaming.chargePointId}`)).status).toBe(404);
  });
});

describe("the embedded demo's default", () => {
  it("runs the ampeco emulator, serving its places; the contract stays one setting away and answers 404s", () => {
    const demo = loadConfig({});
    expect(demo.platform.dialect).toBe("ampeco");
    expect(demo.emulator).toMatchObject({ dialect: "ampeco", seedLocations: true });
    for (const name of ["contract", "spec"]) {
      const contract = loadConfig({ PLATFORM_DIALECT: name });
      expect(contract.platform.dialect).toBe("contract");
      expect(contract.emulator).toMatchObject({ dialect: "contract", seedLocations: false });
    }
    expect(loadConfig({ PLATFORM_DIALECT: "contract", EMULATOR_SEED_LOCATIONS: "true" }).emulator.seedLocations).toBe(
      true,
    );
    expect(loadConfig({ EMULATOR_SEED_LOCATIONS: "false" }).emulator.seedLocations).toBe(false);
  });
});
