import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, users } from "@/lib/db/schema";
import type { Viewer } from "@/lib/auth/viewer";
import { createServiceHarness, sentTo, type ServiceHarness } from "../driver-services/harness";

/** The admin actions doing their work, as support and admin, against the emulator and a test database. */
const holder = vi.hoisted(() => {
  // A bootstrap admin from configuration, read on first use (the config is cached process-wide).
  process.env.ADMIN_EMAILS = "boot.admin@example.com";
  (globalThis as { __driverPortalConfig?: unknown }).__driverPortalConfig = undefined;
  return { harness: null as unknown as import("../driver-services/harness").ServiceHarness, viewer: null as Viewer | null };
});
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));
vi.mock("@/lib/db/client", () => ({ getDb: async () => holder.harness.db.db }));
vi.mock("@/lib/auth/viewer", () => ({ getViewer: async () => holder.viewer }));
vi.mock("@/lib/auth", () => ({ signIn: vi.fn(async () => "/check-your-email"), auth: vi.fn(async () => null) }));
vi.mock("next/cache", () => ({ refresh: vi.fn(), revalidatePath: vi.fn() }));

const cards = await import("@/lib/admin/actions/cards");
const driver = await import("@/lib/admin/actions/driver");
const roles = await import("@/lib/admin/actions/roles");
const { createDriverAction } = await import("@/lib/admin/actions/create-driver");
const { listAuditEntries } = await import("@/lib/admin/audit-log");
const { signIn } = await import("@/lib/auth");

const SUPPORT: Viewer = { userId: "support-1", email: "support@example.com", name: null, role: "support", platformUserId: null };
const ADMIN: Viewer = { userId: "admin-1", email: "admin@example.com", name: null, role: "admin", platformUserId: null };
const idle = { status: "idle" } as const;
const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
};

let h: ServiceHarness;
beforeAll(async () => {
  h = await createServiceHarness();
  holder.harness = h;
});
afterAll(async () => {
  await h.close();
  delete process.env.ADMIN_EMAILS;
  (globalThis as { __driverPortalConfig?: unknown }).__driverPortalConfig = undefined;
});
beforeEach(async () => {
  h.emulator.reset();
  h.sent.length = 0;
  holder.viewer = SUPPORT;
  await h.db.db.delete(auditLog);
  await h.db.db.delete(users);
  await h.db.db.insert(users).values([
    { id: "support-1", email: "support@example.com", role: "support" },
    { id: "admin-1", email: "admin@example.com", role: "admin" },
  ]);
});

const audits = () => h.db.db.select().from(auditLog).orderBy(auditLog.id);

describe("create a driver", () => {
  it("creates once with a random password, starts the platform's reset mail, and never records the password", async () => {
    const values = { email: "Created.Driver@example.com", firstName: "Cora", lastName: "Created", phone: "+31 20 555 0101", address: "Dam 1", city: "Amsterdam", postCode: "1012 JS", country: "NL", sendSignInLink: "on" };
    const result = await createDriverAction(idle, form(values));
    expect(result).toMatchObject({ status: "ok", data: { kind: "created", passwordReset: "started", signInLink: "sent" } });
    const state = await h.state();
    const created = state.users.filter((u) => u.email === "created.driver@example.com");
    expect(created).toHaveLength(1);
    const [create] = sentTo(h, "POST", /\/users\/v1\.1$/);
    expect(create?.body).toMatchObject({ partnerId: 1116, userGroupId: 257, first_name: "Cora", post_code: "1012 JS", country: "NL" });
    expect(String((create?.body as { password: string }).password).length).toBeGreaterThanOrEqual(24);
    expect(state.outbox).toEqual(expect.arrayContaining([expect.objectContaining({ kind: "password-reset", to: "created.driver@example.com" })]));
    expect(signIn).toHaveBeenCalledWith("nodemailer", expect.objectContaining({ email: "created.driver@example.com", redirect: false }));
    const entries = await audits();
    expect(entries.map((e) => [e.action, e.outcome])).toEqual([
      ["driver.create", "success"],
      ["driver.password-reset.start", "success"],
      ["driver.signin-link.send", "success"],
    ]);
    expect(JSON.stringify(entries)).not.toContain((create?.body as { password: string }).password);
    expect(entries[0]?.details).toMatchObject({ email: "created.driver@example.com", appLoginSetBy: "driver, through the reset mail", outcome: "created" });

    // A double submit joins the first creation: no second user, no second mail.
    h.sent.length = 0;
    vi.mocked(signIn).mockClear();
    const again = await createDriverAction(idle, form(values));
    expect(again).toMatchObject({ status: "ok", data: { kind: "joined", platformUserId: created[0]!.id, passwordReset: "not-needed", signInLink: "not-requested" } });
    expect(h.sent.filter((r) => r.method !== "GET")).toEqual([]);
    expect(signIn).not.toHaveBeenCalled();

    // An address the platform already had (here: the seeded second driver) is never created.
    const exists = await createDriverAction(idle, form({ ...values, email: "second.driver@example.com" }));
    expect(exists).toMatchObject({ status: "ok", data: { kind: "exists", platformUserId: 1002 } });
    expect(sentTo(h, "POST", /\/users\/v1\.1$/)).toEqual([]);
    expect((await audits()).at(-1)).toMatchObject({ action: "driver.create", outcome: "failure", targetPlatformUserId: 1002 });
  });

  it("with a password set by staff: no reset mail, and the password is neither echoed nor audited", async () => {
    const result = await createDriverAction(idle, form({ email: "set.pw@example.com", firstName: "Sid", lastName: "Set", country: "NL", passwordMode: "set", password: "typed-secret-9" }));
    expect(result).toMatchObject({ status: "ok", data: { kind: "created", passwordReset: "not-needed" } });
    expect(JSON.stringify(result)).not.toContain("typed-secret-9");
    expect(JSON.stringify(await audits())).not.toContain("typed-secret-9");
    expect((await h.state()).outbox.filter((m) => m.to === "set.pw@example.com")).toEqual([]);
  });

  it("reports field errors and keeps what was typed, but not the password", async () => {
    const result = await createDriverAction(idle, form({ email: "nope", firstName: "", lastName: "X", country: "XX", passwordMode: "set", password: "12" }));
    expect(result.status).toBe("invalid");
    if (result.status !== "invalid") return;
    expect(Object.keys(result.fieldErrors).sort()).toEqual(["country", "email", "firstName", "password"]);
    expect(result.values).toMatchObject({ email: "nope", lastName: "X" });
    expect(result.values).not.toHaveProperty("password");
    expect(h.sent).toEqual([]);
  });
});

describe("driver account actions", () => {
  it("change e-mail: a taken address leaves the old one and says why", async () => {
    const taken = await driver.changeDriverEmailAction(1001, idle, form({ email: "second.driver@example.com" }));
    expect(taken).toMatchObject({ status: "invalid", fieldErrors: { email: [expect.stringContaining("stays driver@example.com")] } });
    expect((await h.state()).users.find((u) => u.id === 1001)?.email).toBe("driver@example.com");
    const ok = await driver.changeDriverEmailAction(1001, idle, form({ email: "demi.new@example.com" }));
    expect(ok).toMatchObject({ status: "ok" });
    expect((await h.state()).users.find((u) => u.id === 1001)?.email).toBe("demi.new@example.com");
    expect((await audits()).map((e) => [e.action, e.outcome, e.targetPlatformUserId])).toEqual([
      ["driver.email.change", "failure", 1001],
      ["driver.email.change", "success", 1001],
    ]);
  });

  it("profile: only changed fields are sent", async () => {
    const baseline = { firstName: "Demi", lastName: "Driver", phone: null, address: null, city: "Amsterdam", postCode: null, country: "NL" };
    const data = form({ firstName: "Demi", lastName: "Driver", city: "Utrecht", country: "NL" });
    data.set("baseline", JSON.stringify(baseline));
    expect(await driver.updateDriverProfileAction(1001, idle, data)).toMatchObject({ status: "ok", message: expect.stringContaining("city") });
    expect(sentTo(h, "PATCH", /\/users\/v1\.1\/1001$/).map((r) => r.body)).toEqual([{ city: "Utrecht" }]);
  });

  it("vouchers: the driver page's words, a per-staff-and-driver limit, every attempt audited", async () => {
    expect(await driver.redeemVoucherForDriverAction(1002, idle, form({ code: "USED-2025" }))).toMatchObject({ status: "error", message: "This voucher is invalid, already used or not applicable." });
    expect(await driver.redeemVoucherForDriverAction(1002, idle, form({ code: "WELCOME10" }))).toMatchObject({ status: "ok" });
    expect((await audits()).map((e) => [e.action, e.outcome, e.details])).toEqual([
      ["driver.voucher.redeem", "failure", { code: "USED-2025", outcome: "rejected" }],
      ["driver.voucher.redeem", "success", { code: "WELCOME10", outcome: "accepted" }],
    ]);
  });

  it("password reset: the platform mails the driver", async () => {
    expect(await driver.startDriverPasswordResetAction(1002, idle)).toMatchObject({ status: "ok", message: expect.stringContaining("second.driver@example.com") });
    expect((await h.state()).outbox).toEqual(expect.arrayContaining([expect.objectContaining({ kind: "password-reset", userId: 1002 })]));
  });

  it("an unknown driver id is a plain error, not a crash", async () => {
    expect(await driver.startDriverPasswordResetAction(999999, idle)).toMatchObject({ status: "error", code: "no-driver" });
    expect(await driver.startDriverPasswordResetAction(-5 as number, idle)).toMatchObject({ status: "error", code: "no-driver" });
  });
});

describe("cards", () => {
  it("link with a chosen status, refuse a code active elsewhere, block only the driver's own card", async () => {
    expect(await cards.linkCardForDriverAction(1003, idle, form({ code: "04 ab cd ef 01", visualNumber: "NEW-1", status: "inactive" }))).toMatchObject({ status: "ok" });
    expect((await h.state()).tokens.find((t) => t.code === "04ABCDEF01")).toMatchObject({ userId: 1003, status: "inactive" });
    expect(await cards.linkCardForDriverAction(1003, idle, form({ code: "04A1B2C3D4E5F6", visualNumber: "X" }))).toMatchObject({ status: "invalid", fieldErrors: { code: [expect.stringContaining("Move to another driver")] } });
    // 2004 belongs to driver 1002: blocking it "for 1001" must not reach the platform's update.
    expect(await cards.blockCardForDriverAction(1001, idle, form({ cardId: "2004" }))).toMatchObject({ status: "error", code: "not-owned" });
    expect(sentTo(h, "PATCH", /\/tokens\/v1\.0\/\d+$/)).toEqual([]);
    expect(await cards.blockCardForDriverAction(1001, idle, form({ cardId: "2001" }))).toMatchObject({ status: "ok" });
    expect((await h.state()).tokens.find((t) => t.id === 2001)?.status).toBe("blocked");
  });

  it("move with a failing second step, then retry; the card is never active on both drivers", async () => {
    await h.control("PUT", "/faults", { rules: [{ method: "POST", path: "^/public-api/resources/tokens/v1\\.0$", status: 503, phase: "before", times: 1 }] });
    const move = form({ cardId: "2001", targetUserId: "1002", intent: "move" });
    const failed = await cards.moveCardStepAction(1001, idle, move);
    expect(failed).toMatchObject({ status: "error", code: "blocked-on-source", message: expect.stringContaining("blocked on driver 1001 and not yet active on driver 1002") });
    let tokens = (await h.state()).tokens.filter((t) => t.code === "04A1B2C3D4E5F6");
    expect(tokens.map((t) => [t.userId, t.status])).toEqual([[1001, "blocked"]]);

    const retried = await cards.moveCardStepAction(1001, idle, form({ cardId: "2001", targetUserId: "1002", intent: "retry" }));
    expect(retried).toMatchObject({ status: "ok", data: { step: "done" } });
    tokens = (await h.state()).tokens.filter((t) => t.code === "04A1B2C3D4E5F6");
    expect(tokens.map((t) => [t.userId, t.status])).toEqual([
      [1001, "blocked"],
      [1002, "active"],
    ]);
    // Order on the wire: the block (PATCH) answered before any create (POST) was sent.
    const log = (await h.state()).requestLog.filter((r) => r.path.startsWith("/public-api/resources/tokens") && r.method !== "GET");
    expect(log.map((r) => `${r.method} ${r.status}`)).toEqual(["PATCH 200", "POST 503", "POST 201"]);
    expect((await audits()).map((e) => [e.action, e.outcome])).toEqual([
      ["card.move.block", "success"],
      ["card.move.link", "failure"],
      ["card.move.link", "success"],
    ]);
  });

  it("undo after a failed second step reactivates the card on the first driver", async () => {
    await h.control("PUT", "/faults", { rules: [{ method: "POST", path: "^/public-api/resources/tokens/v1\\.0$", status: 503, phase: "before", times: 1 }] });
    await cards.moveCardStepAction(1001, idle, form({ cardId: "2001", targetUserId: "1002", intent: "move" }));
    expect(await cards.moveCardStepAction(1001, idle, form({ cardId: "2001", targetUserId: "1002", intent: "undo" }))).toMatchObject({ status: "ok", data: { step: "ready" } });
    expect((await h.state()).tokens.filter((t) => t.code === "04A1B2C3D4E5F6").map((t) => [t.userId, t.status])).toEqual([[1001, "active"]]);
  });
});

describe("staff roles", () => {
  beforeEach(() => {
    holder.viewer = ADMIN;
  });

  it("grant support to a new address creates its portal account; revoke takes it away", async () => {
    expect(await roles.grantStaffRoleAction(idle, form({ email: "New.Staff@example.com", role: "support" }))).toMatchObject({ status: "ok" });
    expect((await h.db.db.select().from(users).where(eq(users.email, "new.staff@example.com")))[0]?.role).toBe("support");
    expect(await roles.revokeStaffRoleAction(idle, form({ email: "new.staff@example.com" }))).toMatchObject({ status: "ok" });
    expect((await h.db.db.select().from(users).where(eq(users.email, "new.staff@example.com")))[0]?.role).toBe("driver");
    expect((await audits()).map((e) => [e.action, e.outcome, e.actorEmail])).toEqual([
      ["role.grant", "success", "admin@example.com"],
      ["role.revoke", "success", "admin@example.com"],
    ]);
  });

  it("nobody changes their own role, the last admin stays, a bootstrap admin is changed in configuration only", async () => {
    expect(await roles.revokeStaffRoleAction(idle, form({ email: "admin@example.com" }))).toMatchObject({ status: "error", code: "self" });
    expect(await roles.grantStaffRoleAction(idle, form({ email: "admin@example.com", role: "support" }))).toMatchObject({ status: "error", code: "self" });
    // Another admin tries to demote the only admin.
    holder.viewer = { ...ADMIN, userId: "x", email: "other.admin@example.com" };
    expect(await roles.revokeStaffRoleAction(idle, form({ email: "admin@example.com" }))).toMatchObject({ status: "error", code: "last-admin" });
    expect(await roles.grantStaffRoleAction(idle, form({ email: "admin@example.com", role: "support" }))).toMatchObject({ status: "error", code: "last-admin" });
    expect((await h.db.db.select().from(users).where(eq(users.email, "admin@example.com")))[0]?.role).toBe("admin");

    await h.db.db.insert(users).values({ email: "boot.admin@example.com", role: "admin" });
    expect(await roles.revokeStaffRoleAction(idle, form({ email: "boot.admin@example.com" }))).toMatchObject({ status: "error", code: "bootstrap-admin" });
    // With a second admin, the first one can go.
    expect(await roles.revokeStaffRoleAction(idle, form({ email: "admin@example.com" }))).toMatchObject({ status: "ok" });
    expect((await audits()).filter((e) => e.outcome === "failure")).toHaveLength(5);
  });

  it("two admins demoting each other at the same moment leave one admin", async () => {
    await h.db.db.insert(users).values({ id: "admin-2", email: "admin2@example.com", role: "admin" });
    const asFirst = { ...ADMIN };
    const asSecond = { ...ADMIN, userId: "admin-2", email: "admin2@example.com" };
    const { revokeStaffRole } = await import("@/lib/admin/roles");
    const outcomes = await Promise.allSettled([revokeStaffRole(asFirst, "admin2@example.com"), revokeStaffRole(asSecond, "admin@example.com")]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect((await h.db.db.select().from(users).where(eq(users.role, "admin")))).toHaveLength(1);
  });
});

describe("the audit log page's query", () => {
  it("filters by actor, action, driver, outcome and day, newest first, paginated", async () => {
    await driver.startDriverPasswordResetAction(1001, idle);
    await driver.startDriverPasswordResetAction(1002, idle);
    holder.viewer = ADMIN;
    await driver.redeemVoucherForDriverAction(1001, idle, form({ code: "NOPE-NOPE" }));
    const all = await listAuditEntries({ page: 1 });
    expect(all.entries.map((e) => e.actorEmail)).toEqual(["admin@example.com", "support@example.com", "support@example.com"]);
    expect((await listAuditEntries({ page: 1, actor: "SUPPORT" })).total).toBe(2);
    expect((await listAuditEntries({ page: 1, driver: 1001 })).total).toBe(2);
    expect((await listAuditEntries({ page: 1, outcome: "failure" })).entries.map((e) => e.action)).toEqual(["driver.voucher.redeem"]);
    expect((await listAuditEntries({ page: 1, action: "driver.password-reset.start", driver: 1002 })).total).toBe(1);
    expect((await listAuditEntries({ page: 1, from: "2000-01-01", to: "2000-01-02" })).total).toBe(0);
    expect((await listAuditEntries({ page: 1, from: "2000-01-01", to: "2999-01-01" })).total).toBe(3);
    const paged = await listAuditEntries({ page: 2 }, 2);
    expect(paged).toMatchObject({ page: 2, lastPage: 2, total: 3 });
    expect(paged.entries).toHaveLength(1);
    expect((await listAuditEntries({ page: 99 }, 2)).page).toBe(2);
    expect((await listAuditEntries({ page: 1, actor: "%" })).total).toBe(0);
  });
});
