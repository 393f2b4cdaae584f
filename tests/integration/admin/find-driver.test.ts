import { beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, users } from "@/lib/core/db/schema";
import { serviceHarnessForSuite } from "../../support/service-harness";

/** Issue 36: a driver by part of a name or an address, the portal's accounts first; the audit log names the driver. */
const holder = vi.hoisted(() => ({
  harness: null as unknown as import("../driver-services/harness").ServiceHarness,
}));
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.harness.db.db }));

const { findDrivers, parseDriverSearch } = await import("@/lib/features/admin/find-driver");
const { listAuditEntries } = await import("@/lib/features/admin/audit-log");

const h = serviceHarnessForSuite({ seams: holder });
const search = async (q: string) => {
  const parsed = parseDriverSearch({ by: "email", q });
  if (parsed.kind !== "ok") throw new Error(`not a search: ${q}`);
  return (await findDrivers(parsed.query)).map((hit) => hit.user?.email);
};

beforeEach(async () => {
  await h.db.db.delete(auditLog);
  await h.db.db.delete(users);
  await h.db.db.insert(users).values([
    { id: "d1", email: "driver@example.com", name: "Demi Driver", role: "driver", platformUserId: 1001 },
    { id: "d2", email: "second.driver@example.com", name: "Sam Second", role: "driver", platformUserId: 1002 },
    { id: "s1", email: "support.driver@example.com", name: "Sam Support", role: "support" },
  ]);
});

describe("find a driver by name or e-mail", () => {
  it("finds the portal's drivers by part of an address or a name, in any case, never staff", async () => {
    expect(await search("driver")).toEqual(["driver@example.com", "second.driver@example.com"]);
    expect(await search("DEMI")).toEqual(["driver@example.com"]);
    expect(await search("sam")).toEqual(["second.driver@example.com"]);
    expect(await search("nobody")).toEqual([]);
  });

  it("takes % and _ as themselves", async () => {
    expect(await search("%%")).toEqual([]);
    expect(await search("_r")).toEqual([]);
  });

  it("asks the platform's exact look-up second, for a driver without a portal account", async () => {
    await h.db.db.delete(users);
    expect(await search("driver@example.com")).toEqual(["driver@example.com"]);
    expect(await search("driver@exa")).toEqual([]);
  });

  it("refuses one character, or none, with a sentence", () => {
    expect(parseDriverSearch({ by: "email", q: "d" })).toMatchObject({
      kind: "invalid",
      problem: { key: "driverSearch.errors.textTooShort" },
    });
    expect(parseDriverSearch({ by: "email", q: "  " }).kind).toBe("empty");
    expect(parseDriverSearch({ by: "email", q: "<b>x</b>" }).kind).toBe("invalid");
  });
});

describe("the audit log", () => {
  it("names the driver from their portal account, and keeps the entry as stored", async () => {
    const actor = { actorUserId: "s1", actorEmail: "support@example.com", outcome: "success" as const };
    await h.db.db.insert(auditLog).values([
      { ...actor, action: "driver.email.change", targetPlatformUserId: 1001, details: { from: "a", to: "b" } },
      { ...actor, action: "driver.voucher.redeem", targetPlatformUserId: 4242 },
    ]);
    const { entries } = await listAuditEntries({ page: 1 });
    expect(entries.map((e) => [e.targetPlatformUserId, e.targetName])).toEqual([
      [4242, null],
      [1001, "Demi Driver"],
    ]);
    expect(entries[1]?.details).toEqual({ from: "a", to: "b" });
  });
});
