import { describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import { ampecoEmulatorForSuite, startAmpecoEmulator, USERS, SESSIONS, CHARGE_POINTS } from "./harness";

/**
 * Issue 24: the emulator as strict as a real tenant where AMPECO leaves room, each behind a setting
 * (emulators/platform/settings.ts). Every /public-api answer is validated against the subset
 * by the harness.
 */
const REDEEM = `/public-api/actions/users/v2.0/${DEMO_DRIVER_ID}/redeem-voucher`;

const emu = ampecoEmulatorForSuite({ seedLocations: true });

const settings = async (body: Record<string, unknown>) => {
  const answer = await emu.call("PUT", "/__emulator/settings", { body });
  expect(answer.status).toBe(200);
  return answer;
};

interface WireSession {
  id: string;
  startedAt: string;
}

async function allSessions(userId: number): Promise<WireSession[]> {
  const all: WireSession[] = [];
  let next: string | null = `${SESSIONS}?filter[userId]=${userId}&cursor=&per_page=100`;
  while (next) {
    const page: { body: { data: WireSession[]; links: { next: string | null } } } = next.startsWith("http")
      ? await emu.get(next)
      : await emu.call("GET", next);
    all.push(...page.body.data);
    next = page.body.links.next;
  }
  return all;
}

const isNewestFirst = (sessions: WireSession[]) =>
  sessions.every((s, i) => i === 0 || Date.parse(sessions[i - 1]!.startedAt) >= Date.parse(s.startedAt));

describe("settings", () => {
  it("are read and replaced over the control API, refuse unknown keys (422) and return to the made ones on reset", async () => {
    expect((await emu.call("GET", "/__emulator/settings")).body.data.sessionOrder).toBe("id-ascending");
    await settings({ sessionOrder: "shuffled" });
    expect((await emu.call("GET", "/__emulator/settings")).body.data.sessionOrder).toBe("shuffled");
    const typo = await emu.call("PUT", "/__emulator/settings", { body: { sessionOrdr: "shuffled" } });
    expect(typo.status).toBe(422);
    emu.emulator.reset();
    expect((await emu.call("GET", "/__emulator/settings")).body.data.sessionOrder).toBe("id-ascending");
  });
});

describe("the sessions listing is not newest first unless told to be", () => {
  it("lists by id by default, shuffles stably across pages, and lists newest first only when set", async () => {
    const byId = await allSessions(DEMO_DRIVER_ID);
    expect(byId.length).toBeGreaterThan(100);
    expect(byId.map((s) => Number(s.id))).toEqual([...byId.map((s) => Number(s.id))].sort((a, b) => a - b));
    expect(isNewestFirst(byId)).toBe(false);

    await settings({ sessionOrder: "shuffled" });
    const shuffled = await allSessions(DEMO_DRIVER_ID);
    expect(new Set(shuffled.map((s) => s.id))).toEqual(new Set(byId.map((s) => s.id)));
    expect(shuffled.map((s) => s.id)).not.toEqual(byId.map((s) => s.id));
    expect(isNewestFirst(shuffled)).toBe(false);
    expect((await allSessions(DEMO_DRIVER_ID)).map((s) => s.id)).toEqual(shuffled.map((s) => s.id));

    await settings({ sessionOrder: "newest-first" });
    expect(isNewestFirst(await allSessions(DEMO_DRIVER_ID))).toBe(true);
  });
});

describe("rights per resource and a low rate limit", () => {
  it("a key without rights on charge points gets 403 there and still reads sessions and locations", async () => {
    await settings({ forbiddenResources: ["charge-points"] });
    const cp = await emu.call("GET", `${CHARGE_POINTS}/5010`);
    expect(cp.status).toBe(403);
    expect(cp.body).toEqual({ message: "This action is unauthorized." });
    expect((await emu.call("GET", `${SESSIONS}?filter[userId]=${DEMO_DRIVER_ID}&cursor=`)).status).toBe(200);
    expect((await emu.call("GET", "/public-api/resources/locations/v2.0/501")).status).toBe(200);
  });

  it("answers 429 with the rate-limit headers once a low limit is used up", async () => {
    emu.emulator.reset();
    const low = await startAmpecoEmulator({ rateLimit: { limit: 2, windowMs: 60_000 } });
    try {
      expect((await low.call("GET", `${USERS}/${DEMO_DRIVER_ID}`)).headers.get("x-ratelimit-limit")).toBe("2");
      await low.call("GET", `${USERS}/${DEMO_DRIVER_ID}`);
      const limited = await low.call("GET", `${USERS}/${DEMO_DRIVER_ID}`);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
      expect(limited.headers.get("retry-after")).toBeNull();
    } finally {
      await low.close();
    }
  });

  it.each([
    ["retry-after", { "retry-after": /^\d+$/, "x-ratelimit-reset": /^\d{10}$/ }],
    ["reset-seconds-left", { "retry-after": null, "x-ratelimit-reset": /^[1-9]\d?$/ }],
    ["none", { "retry-after": null, "x-ratelimit-reset": null }],
  ] as const)(
    "a 429's headers as the rateLimitHeaders setting %s says, at a limit set at run time",
    async (form, want) => {
      await settings({ rateLimitHeaders: form, rateLimit: { limit: 1, windowMs: 60_000 } });
      expect((await emu.call("GET", `${USERS}/${DEMO_DRIVER_ID}`)).status).toBe(200);
      const limited = await emu.call("GET", `${USERS}/${DEMO_DRIVER_ID}`);
      expect(limited.status).toBe(429);
      expect(limited.headers.get("x-ratelimit-limit")).toBe("1");
      for (const [name, pattern] of Object.entries(want)) {
        if (pattern === null) expect(limited.headers.get(name)).toBeNull();
        else expect(limited.headers.get(name)).toMatch(pattern);
      }
    },
  );
});

describe("redeem-voucher: an unknown code", () => {
  it("is 406 by default and 404 under unknownVoucherStatus 404; a used code stays 406", async () => {
    expect((await emu.call("POST", REDEEM, { body: { code: "NO-SUCH-CODE" } })).status).toBe(406);
    await settings({ unknownVoucherStatus: 404 });
    const unknown = await emu.call("POST", REDEEM, { body: { code: "NO-SUCH-CODE" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/^No query results for model \[Voucher\]/);
    expect((await emu.call("POST", REDEEM, { body: { code: "USED-2025" } })).status).toBe(406);
  });
});

describe("create-user: partner and groups must exist; balance only for partners with addUserBalance", () => {
  it("refuses an unknown partnerId and unknown userGroupIds with 422 per field", async () => {
    const bad = await emu.call("POST", USERS, {
      body: { email: "x@example.org", password: "secret1", partnerId: 9999, userGroupIds: [257, 4242] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      partnerId: ["The selected partner id is invalid."],
      "userGroupIds.1": ["The selected user group ids.1 is invalid."],
    });
    const good = await emu.call("POST", USERS, {
      body: { email: "y@example.org", password: "secret1", partnerId: 1116, userGroupIds: [257] },
    });
    expect(good.status).toBe(201);
    expect(good.body.data.balance).toBe(0);
  });

  it("leaves balance out for users of a partner without options.addUserBalance, in reads and lists", async () => {
    const created = await emu.call("POST", USERS, {
      body: { email: "fleet@example.org", password: "secret1", partnerId: 1117 },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).not.toHaveProperty("balance");
    expect((await emu.call("GET", `${USERS}/${DEMO_DRIVER_ID}`)).body.data.balance).toBe(42.5);

    await settings({
      partners: [{ id: 1116, name: "Driver Portal", createUsers: true, addUserBalance: false }],
    });
    expect((await emu.call("GET", `${USERS}/${DEMO_DRIVER_ID}`)).body.data).not.toHaveProperty("balance");
    const listed = await emu.call("GET", `${USERS}?filter[email]=second.driver%40example.com&cursor=`);
    expect(listed.body.data[0].id).toBe(String(SECOND_DRIVER_ID));
    expect(listed.body.data[0]).not.toHaveProperty("balance");
  });

  it("reads the partner (with its options) and the user group the portal is configured with; unknown ones are 404", async () => {
    const partner = await emu.call("GET", "/public-api/resources/partners/v2.0/1116");
    expect(partner.status).toBe(200);
    expect(partner.body.data.options).toMatchObject({ createUsers: true, addUserBalance: true });
    expect((await emu.call("GET", "/public-api/resources/partners/v2.0/1117")).body.data.options.addUserBalance).toBe(
      false,
    );
    expect((await emu.call("GET", "/public-api/resources/partners/v2.0/77")).status).toBe(404);
    expect((await emu.call("GET", "/public-api/resources/user-groups/v1.0/257")).body.data).toMatchObject({
      id: 257,
      name: "Portal drivers",
    });
    expect((await emu.call("GET", "/public-api/resources/user-groups/v1.0/258")).status).toBe(404);
  });
});

describe("a tenant's paging and sunset headers", () => {
  it("answers page mode only (no cursor meta, Deprecation) under pageModeOnly, also for cursor-only lists", async () => {
    await settings({ pageModeOnly: true });
    const users = await emu.call("GET", `${USERS}?cursor=&per_page=2`);
    expect(users.body.meta).toHaveProperty("current_page", 1);
    expect(users.body.meta).not.toHaveProperty("next_cursor");
    expect(users.headers.get("deprecation")).toBe("true");
    const locations = await emu.call("GET", "/public-api/resources/locations/v2.0?cursor=&per_page=2");
    expect(locations.body.meta).toHaveProperty("last_page");
  });

  it("sends Deprecation and Sunset on the paths named in sunsetPaths only", async () => {
    await settings({ sunsetPaths: ["/id-tags/"] });
    const tags = await emu.call("GET", "/public-api/resources/id-tags/v2.0?cursor=");
    expect(tags.headers.get("deprecation")).toBe("true");
    expect(tags.headers.get("sunset")).toMatch(/GMT$/);
    expect((await emu.call("GET", `${USERS}?cursor=`)).headers.get("sunset")).toBeNull();
  });

  it("writes links and meta.path under the tenant's base URL (linksBaseUrl), which may differ from the one called", async () => {
    await settings({ linksBaseUrl: "HTTPS://Tenant.Example:8443/" });
    const first = await emu.call("GET", `${USERS}?cursor=&per_page=1`);
    expect(first.body.links.next).toMatch(/^HTTPS:\/\/Tenant\.Example:8443\/public-api\/resources\/users\/v1\.1\?/);
    expect(first.body.meta.path).toBe(`HTTPS://Tenant.Example:8443${USERS}`);
    const pages = await emu.call("GET", `${USERS}?page=1&per_page=1`);
    expect(pages.body.links.first).toMatch(/^HTTPS:\/\/Tenant\.Example:8443\/public-api\//);
    const notAnOrigin = await emu.call("PUT", "/__emulator/settings", {
      body: { linksBaseUrl: "https://tenant.example/public-api" },
    });
    expect(notAnOrigin.status).toBe(422);
  });

  it("validated every answer against the subset", () => {
    expect(emu.validated()).toBeGreaterThan(20);
  });
});
