import { beforeEach, describe, expect, it } from "vitest";
import {
  createPlatformEmulator,
  DEMO_DRIVER_ID,
  NEW_DRIVER_ID,
  SECOND_DRIVER_EMAIL,
  SECOND_DRIVER_ID,
  type PlatformEmulator,
} from "@/emulators/platform";
import { createPlatformClient, type PlatformClient } from "@/lib/platform/client";
import type { PlatformLogLine } from "@/lib/platform/logging";
import { clearDeprecations, listDeprecations, recordDeprecation } from "@/lib/platform/deprecations";
import { PlatformValidationError } from "@/lib/platform/errors";

/** The client in the ampeco dialect against the emulator in the same dialect (in process). */
const KEY = "ampeco-test-key";
const OAUTH = { clientId: "portal-client", clientSecret: "oauth-secret-VALUE-42" };
const BASE = "http://tenant.ampeco.test";

interface LogEntry {
  method: string;
  path: string;
  query: string;
  status: number;
  bodyKeys?: string[];
}

function setup(options: { oauth?: boolean } = {}) {
  const emulator: PlatformEmulator = createPlatformEmulator({
    dialect: "ampeco",
    apiKey: KEY,
    readOnlyKey: "ro-key",
    voucherDelayMs: 0,
    seedLocations: true,
    ...(options.oauth ? { oauthClient: OAUTH } : {}),
  });
  const lines: PlatformLogLine[] = [];
  const notices: string[] = [];
  const client: PlatformClient = createPlatformClient({
    dialect: "ampeco",
    baseUrl: BASE,
    apiKey: options.oauth ? "" : KEY,
    oauth: options.oauth ? OAUTH : undefined,
    fetch: (input, init) => emulator.handle(new Request(input, init)),
    timeoutMs: 5000,
    maxRetries: 1,
    retryCapMs: 1000,
    partnerId: 1116,
    userGroupId: 257,
    currency: "EUR",
    timeZone: "Europe/Amsterdam",
    logger: (line) => lines.push(line),
    onDeprecation: (notice) => notices.push(notice.endpoint),
  });
  const state = async () =>
    (await (await emulator.handle(new Request(`${BASE}/__emulator/state`))).json()) as {
      requestLog: LogEntry[];
      oauthTokensIssued?: number;
    };
  return { emulator, client, lines, notices, state };
}

/** The acceptance check: nothing of the contract dialect on the wire. */
function expectNoContractTraffic(log: LogEntry[]) {
  for (const entry of log) {
    expect(entry.query, `${entry.method} ${entry.path}`).not.toMatch(/[?&]page=/);
    expect(entry.path).not.toMatch(/tokens\/v1\.0|\/email$|\/password-reset$/);
    const keys = entry.path.endsWith("/redeem-voucher") ? [] : (entry.bodyKeys ?? []);
    for (const forbidden of ["code", "visualNumber", "userGroupId"])
      expect(keys, `${entry.method} ${entry.path}`).not.toContain(forbidden);
  }
}

/** A client in the ampeco dialect over a scripted fetch (for data the emulator never sends). */
function scriptedClient(
  fetch: typeof globalThis.fetch,
  onDeprecation?: (n: { endpoint: string; sunset: string | null }) => void,
) {
  return createPlatformClient({
    dialect: "ampeco",
    baseUrl: BASE,
    apiKey: KEY,
    fetch,
    timeoutMs: 1000,
    maxRetries: 0,
    retryCapMs: 100,
    partnerId: 1,
    userGroupId: 1,
    logger: () => {},
    onDeprecation,
  });
}

let h: ReturnType<typeof setup>;
beforeEach(() => {
  h = setup();
});

describe("ampeco dialect: users", () => {
  it("creates with userGroupIds and partnerId (never userGroupId), and shows the configured currency", async () => {
    const user = await h.client.users.createUser({
      email: "ada@example.org",
      password: "secret1",
      firstName: "Ada",
      lastName: "L",
      postCode: "1011AB",
      country: "NL",
    });
    expect(user).toMatchObject({
      email: "ada@example.org",
      firstName: "Ada",
      postCode: "1011AB",
      currency: "EUR",
      balance: 0,
    });
    const raw = await h.emulator.handle(
      new Request(`${BASE}/public-api/resources/users/v1.1/${user.id}`, {
        headers: { authorization: `Bearer ${KEY}` },
      }),
    );
    expect(((await raw.json()) as { data: { userGroupIds: number[] } }).data.userGroupIds).toEqual([257]);
    const create = (await h.state()).requestLog.find((e) => e.method === "POST");
    expect(create?.bodyKeys).toEqual(expect.arrayContaining(["partnerId", "userGroupIds", "first_name", "post_code"]));
    expectNoContractTraffic((await h.state()).requestLog);
  });

  it("changes e-mail with PATCH (a taken one is a 422 on email, the old stays), sets the app password, and asks for a reset at next app sign-in", async () => {
    const taken = await h.client.users.changeEmail(DEMO_DRIVER_ID, SECOND_DRIVER_EMAIL).catch((e: unknown) => e);
    expect(taken).toBeInstanceOf(PlatformValidationError);
    expect((taken as PlatformValidationError).fieldErrors.email).toBeDefined();
    expect((await h.client.users.getUser(DEMO_DRIVER_ID)).email).toBe("driver@example.com");
    expect(await h.client.users.changeEmail(DEMO_DRIVER_ID, "demi@example.org")).toEqual({
      id: DEMO_DRIVER_ID,
      email: "demi@example.org",
    });

    await h.client.users.setAppPassword?.(DEMO_DRIVER_ID, "n3w-app-pass");
    await h.client.users.startPasswordReset(DEMO_DRIVER_ID);
    const log = (await h.state()).requestLog.filter((e) => e.method === "PATCH");
    expect(log.map((e) => e.bodyKeys)).toEqual([["email"], ["email"], ["password"], ["requirePasswordReset"]]);
    expect(JSON.stringify(h.lines)).not.toContain("n3w-app-pass");
    expectNoContractTraffic((await h.state()).requestLog);
  });
});

describe("ampeco dialect: cards", () => {
  it("maps enabled/disabled/suspended to active/blocked/inactive and writes them back", async () => {
    const cards = await h.client.cards.listAllCards({ userId: DEMO_DRIVER_ID });
    expect(cards.map((c) => [c.code, c.status])).toEqual([
      ["04A1B2C3D4E5F6", "active"],
      ["04F7E8D9C0B1A2", "active"],
      ["0499AA88BB77CC", "blocked"],
    ]);
    const second = await h.client.cards.listAllCards({ userId: SECOND_DRIVER_ID });
    expect(second.map((c) => [c.type, c.status])).toEqual([
      ["rfid", "active"],
      ["app", "inactive"],
    ]);
    expect((await h.client.cards.updateCardStatus(2001, "blocked")).status).toBe("blocked");
    const created = await h.client.cards.createCard({
      userId: DEMO_DRIVER_ID,
      code: "04 ab cd ef 12",
      visualNumber: "NL-NEW-1",
    });
    expect(created).toMatchObject({ code: "04ABCDEF12", visualNumber: "NL-NEW-1", status: "active", type: "rfid" });
    expectNoContractTraffic((await h.state()).requestLog);
  });

  it("moves a card with one PATCH {userId}; it is never active on two drivers", async () => {
    const moved = await h.client.cards.moveCard?.(2002, SECOND_DRIVER_ID);
    expect(moved).toMatchObject({ id: 2002, userId: SECOND_DRIVER_ID, status: "active" });
    const writes = (await h.state()).requestLog.filter((e) => e.method !== "GET");
    expect(writes).toEqual([
      expect.objectContaining({
        method: "PATCH",
        path: "/public-api/resources/id-tags/v2.0/2002",
        bodyKeys: ["userId"],
      }),
    ]);
    const holders = await h.client.cards.listAllCards({ code: "04F7E8D9C0B1A2" });
    expect(holders.filter((c) => c.status === "active").map((c) => c.userId)).toEqual([SECOND_DRIVER_ID]);
  });
});

describe("ampeco dialect: sessions", () => {
  it("builds page N by walking cursors (never page=), with energy, money, mapped status, local time and location", async () => {
    const first = await h.client.sessions.listSessions({ userId: DEMO_DRIVER_ID, perPage: 20 });
    const second = await h.client.sessions.listSessions({ userId: DEMO_DRIVER_ID, page: 2, perPage: 20 });
    expect(first.items).toHaveLength(20);
    expect(second.items).toHaveLength(20);
    expect(second.hasNext).toBe(true);
    expect(new Set([...first.items, ...second.items].map((s) => s.id)).size).toBe(40);
    const running = first.items[0];
    expect(running).toMatchObject({ status: "charging", isRunning: true, stoppedAt: null, locationId: 501 });
    expect(running?.startedAtLocal).toMatch(/[+]0[12]:00$/);
    const finished = first.items.find((s) => s.status === "finished");
    expect(finished?.energyWh).toBeGreaterThan(0);
    expect(finished?.amount).toBeGreaterThan(0);
    // The walk back in time (issue 24): windows of startedAfter/startedBefore, by cursor, never page=.
    const log = (await h.state()).requestLog.filter((e) => e.path.endsWith("/sessions/v1.0"));
    expect(log.length).toBeGreaterThan(0);
    expect(log.every((e) => /[?&]cursor=/.test(e.query) && !/[?&]page=/.test(e.query))).toBe(true);
    expect(
      log.every((e) => e.query.includes("filter%5BstartedAfter%5D") || e.query.includes("filter[startedAfter]")),
    ).toBe(true);
    expectNoContractTraffic((await h.state()).requestLog);
  });

  it("reads a session by id, and answers null when its userId is another driver's", async () => {
    const [own] = (await h.client.sessions.listSessions({ userId: DEMO_DRIVER_ID, perPage: 1 })).items;
    const sessions = h.client.sessions as typeof h.client.sessions & {
      getSession(id: string, owner?: { userId: number }): Promise<unknown>;
    };
    expect(await sessions.getSession(own!.id, { userId: DEMO_DRIVER_ID })).toMatchObject({ id: own!.id });
    expect(await sessions.getSession(own!.id, { userId: SECOND_DRIVER_ID })).toBeNull();
    expect(await sessions.getSession("99999999")).toBeNull();
  });

  it("ends the walk of an empty history with one probe: the month's window and a per_page=5 ask for anything older", async () => {
    const page = await h.client.sessions.listSessions({ userId: NEW_DRIVER_ID, perPage: 20 });
    expect(page).toMatchObject({ items: [], total: 0, lastPage: 1, hasNext: false });
    const log = (await h.state()).requestLog.filter((e) => e.path.endsWith("/sessions/v1.0"));
    expect(log).toHaveLength(2);
    expect(new URLSearchParams(log[1]!.query).get("per_page")).toBe("5");
    expect(new URLSearchParams(log[1]!.query).has("filter[startedAfter]")).toBe(false);
  });

  it("streams every session of a driver (the CSV export walk) with cursor pages only", async () => {
    let count = 0;
    for await (const page of h.client.sessions.iterateSessionPages({ userId: SECOND_DRIVER_ID }, { perPage: 25 }))
      count += page.length;
    expect(count).toBeGreaterThan(25);
    expectNoContractTraffic((await h.state()).requestLog);
  });
});

describe("ampeco dialect: locations", () => {
  it("reads names and street from translated arrays and EVSEs/connectors via charge points, power in kW", async () => {
    const page = await h.client.locations.listLocations({ perPage: 3 });
    expect(page.items.map((l) => l.id)).toEqual([501, 502, 503]);
    expect(page.hasNext).toBe(true);
    const location = await h.client.locations.getLocation(501);
    expect(location).toMatchObject({ street: "Haarlemmerweg 8", number: null, city: "Amsterdam" });
    expect(location?.evses).toEqual([
      {
        id: 50101,
        status: "available",
        reference: "NL*DPT*E50101",
        tariffGroupId: 22,
        connectors: [{ type: "CCS2", power: 50 }],
      },
      // The seed's running session charges on 50102, and the emulator shows the live hardware status.
      {
        id: 50102,
        status: "charging",
        reference: "NL*DPT*E50102",
        tariffGroupId: 21,
        connectors: [{ type: "Type 2", power: 22 }],
      },
    ]);
    expect(await h.client.locations.getLocation(999)).toBeNull();
    expectNoContractTraffic((await h.state()).requestLog);
  });
});

describe("ampeco dialect: OAuth client credentials", () => {
  it("fetches one token for 50 concurrent calls, exactly one more after it expires, and logs neither secret nor token", async () => {
    const o = setup({ oauth: true });
    await Promise.all(Array.from({ length: 50 }, () => o.client.users.getUser(DEMO_DRIVER_ID)));
    expect((await o.state()).oauthTokensIssued).toBe(1);

    await o.emulator.handle(new Request(`${BASE}/__emulator/oauth/expire`, { method: "POST" }));
    await o.client.users.getUser(DEMO_DRIVER_ID);
    await o.client.users.getUser(DEMO_DRIVER_ID);
    expect((await o.state()).oauthTokensIssued).toBe(2);

    const logged = JSON.stringify(o.lines);
    expect(logged).not.toContain(OAUTH.clientSecret);
    expect(logged).not.toMatch(/access_token|Bearer/);
  });
});

describe("ampeco dialect: bad platform data stays safe", () => {
  function fake(body: unknown) {
    return scriptedClient(async (input) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      if (url.pathname.includes("charge-points"))
        return new Response(JSON.stringify({ message: "No query results" }), { status: 404 });
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    });
  }
  const session = {
    id: "123",
    chargePointId: 7,
    evseId: 8,
    userId: DEMO_DRIVER_ID,
    startedAt: "2026-03-01T10:00:00Z",
    stoppedAt: "2026-03-01T11:00:00Z",
    energy: 1500,
    energyConsumption: { total: 2000, grid: 2000 },
  };

  it("a null totalAmount falls back to amount, then to 0; an unknown status shows as failed when stopped, started when running", async () => {
    const client = fake({ data: { ...session, status: "mystery", totalAmount: null, amount: null } });
    const read = await client.sessions.getSession("123");
    expect(read).toMatchObject({
      id: "123",
      energyWh: 2000,
      amount: 0,
      status: "failed",
      locationId: null,
      isRunning: false,
    });
    expect(read?.startedAtLocal).toBe("2026-03-01T11:00:00+01:00");
    const running = await fake({
      data: { ...session, status: "unknown", stoppedAt: null, totalAmount: null, amount: 1.5 },
    }).sessions.getSession("123");
    expect(running).toMatchObject({ amount: 1.5, status: "started", isRunning: true });
  });

  it("an expired session is failed with 'expired' kept, in its own currency, in the portal's zone when the location's is unknown", async () => {
    const read = await fake({
      data: { ...session, status: "expired", currency: "CHF", totalAmount: { withTax: 3.2, withoutTax: 2.9 } },
    }).sessions.getSession("123");
    expect(read).toMatchObject({
      status: "failed",
      platformStatus: "expired",
      currency: "CHF",
      amount: 3.2,
      assumedTimeZone: "Europe/Amsterdam",
    });
  });

  it("local times in the location's own zone say nothing is assumed", async () => {
    const client = scriptedClient(async (input) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
      if (url.pathname.includes("charge-points")) return json({ data: { id: 7, locationId: 5 } });
      if (url.pathname.includes("locations")) return json({ data: { id: 5, timezone: "Europe/Lisbon" } });
      return json({ data: { ...session, status: "finished" } });
    });
    const read = await client.sessions.getSession("123");
    expect(read).toMatchObject({ locationId: 5, assumedTimeZone: null, startedAtLocal: "2026-03-01T10:00:00+00:00" });
  });

  it("a connector type outside the map is 'Unknown'", async () => {
    const { toAmpecoEvse } = await import("@/lib/platform/dialects/ampeco/locations");
    expect(
      toAmpecoEvse({
        id: 1,
        status: null,
        hardwareStatus: null,
        powerOptions: null,
        connectors: [
          { id: 1, type: "gb-t-dc" },
          { id: 2, type: null },
        ],
      }),
    ).toEqual({
      id: 1,
      status: "unknown",
      reference: null,
      tariffGroupId: null,
      connectors: [
        { type: "Unknown", power: null },
        { type: "Unknown", power: null },
      ],
    });
  });
});

describe("Deprecation and Sunset", () => {
  it("reaches the hook on a page-mode answer, and warns once per endpoint per process", async () => {
    clearDeprecations();
    const warnings: string[] = [];
    const notice = {
      endpoint: "sessions.list" as const,
      path: "/public-api/resources/sessions/v1.0",
      deprecation: "true",
      sunset: "Mon, 01 Jun 2026 00:00:00 GMT",
    };
    recordDeprecation(notice, (l) => warnings.push(l));
    recordDeprecation(notice, (l) => warnings.push(l));
    recordDeprecation({ ...notice, endpoint: "users.list" }, (l) => warnings.push(l));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain("sessions.list");
    expect(warnings[0]).toContain("Mon, 01 Jun 2026");
    expect(listDeprecations().map((d) => d.endpoint)).toEqual(["sessions.list", "users.list"]);

    // A response that announces a sunset reaches the requester's hook, naming the endpoint.
    const seen: string[] = [];
    const announced = scriptedClient(
      async () =>
        new Response(JSON.stringify({ data: [], links: { next: null } }), {
          status: 200,
          headers: { "content-type": "application/json", deprecation: "true", sunset: notice.sunset },
        }),
      (n) => seen.push(`${n.endpoint} ${n.sunset}`),
    );
    await announced.locations.listLocations();
    expect(seen).toEqual([`locations.list ${notice.sunset}`]);

    // The client itself never asks for page mode, so the hook stays silent on its own calls.
    await h.client.sessions.listSessions({ userId: DEMO_DRIVER_ID, page: 2, perPage: 10 });
    expect(h.notices).toEqual([]);
  });
});
