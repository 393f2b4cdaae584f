import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, mailOutbox, sessions, staffInvites, users } from "@/lib/core/db/schema";
import type { Viewer } from "@/lib/core/auth/viewer";
import { IDLE, formOf } from "../../support/action-form";
import { inDialect, sentTo } from "../driver-services/harness";
import { serviceHarnessForSuite } from "../../support/service-harness";
import { holdClockStill } from "../../support/still-clock";
import { staffViewer } from "../../support/viewers";
import { unsetEnvAfterSuite } from "../../support/config-override";
import { adminActionModules } from "../../support/admin-actions";

/** The admin actions doing their work, as support and admin, against the emulator and a test database. */
const holder = vi.hoisted(() => {
  // A bootstrap admin from configuration, read on first use (the config is cached process-wide).
  process.env.ADMIN_EMAILS = "boot.admin@example.com";
  // The portal's origin for links it mails itself (AMPECO: a staff-created driver's app-password link).
  process.env.AUTH_URL = "http://portal.test";
  (globalThis as { __driverPortalConfig?: unknown }).__driverPortalConfig = undefined;
  return {
    harness: null as unknown as import("../driver-services/harness").ServiceHarness,
    viewer: null as Viewer | null,
  };
});
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.harness.db.db }));
vi.mock("@/lib/core/auth/viewer", () => ({ getViewer: async () => holder.viewer }));
vi.mock("@/lib/core/auth", () => ({ signIn: vi.fn(async () => "/check-your-email"), auth: vi.fn(async () => null) }));
vi.mock("next/cache", () => ({ refresh: vi.fn(), revalidatePath: vi.fn() }));

const { cards, driver, roles } = await adminActionModules();
const { createDriverAction } = await import("@/lib/features/admin/actions/create-driver");
const { listAuditEntries } = await import("@/lib/features/admin/audit-log");
const { listStaffInvites } = await import("@/lib/features/admin/roles");
const { signIn } = await import("@/lib/core/auth");
const { findDrivers } = await import("@/lib/features/admin/find-driver");

const SUPPORT = staffViewer("support");
const ADMIN = staffViewer("admin");
const idle = IDLE;
const form = formOf;

const h = serviceHarnessForSuite({ seams: holder });
unsetEnvAfterSuite("ADMIN_EMAILS", "AUTH_URL");
beforeEach(async () => {
  holder.viewer = SUPPORT;
  await h.db.db.delete(auditLog);
  await h.db.db.delete(staffInvites);
  await h.db.db.delete(users);
  await h.db.db.insert(users).values([
    { id: "support-1", email: "support@example.com", role: "support", emailVerified: new Date() },
    { id: "admin-1", email: "admin@example.com", role: "admin", emailVerified: new Date() },
  ]);
});

const audits = () => h.db.db.select().from(auditLog).orderBy(auditLog.id);

describe("create a driver", () => {
  it("creates once with a random password, starts the driver's way to choose an app password, and never records the password", async () => {
    const values = {
      email: "Created.Driver@example.com",
      firstName: "Cora",
      lastName: "Created",
      phone: "+31 20 555 0101",
      address: "Dam 1",
      city: "Amsterdam",
      postCode: "1012 JS",
      country: "NL",
      sendSignInLink: "on",
    };
    const result = await createDriverAction(idle, form(values));
    expect(result).toMatchObject({
      status: "ok",
      data: {
        kind: "created",
        passwordReset: h.dialect === "contract" ? "started" : "link-mailed",
        signInLink: "sent",
      },
    });
    const state = await h.state();
    const created = state.users.filter((u) => u.email === "created.driver@example.com");
    expect(created).toHaveLength(1);
    const [create] = sentTo(h, "POST", h.wire.usersPath);
    expect(create?.body).toMatchObject({
      partnerId: 1116,
      ...h.wire.userGroupField(257),
      first_name: "Cora",
      post_code: "1012 JS",
      country: "NL",
    });
    expect(String((create?.body as { password: string }).password).length).toBeGreaterThanOrEqual(24);
    // The contract's platform mails a reset link; AMPECO's mails none, so the portal mails its own
    // single-use link to set the app password (PATCH {password} once the driver chose one).
    const portalMails = () => h.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, "created.driver@example.com"));
    if (h.dialect === "contract") {
      expect(h.sent.filter((r) => h.wire.isPasswordReset(r, created[0]!.id))).toHaveLength(1);
      expect(state.outbox).toEqual(
        expect.arrayContaining([expect.objectContaining({ kind: "password-reset", to: "created.driver@example.com" })]),
      );
    } else {
      expect(h.sent.filter((r) => r.method !== "GET" && r !== create)).toEqual([]);
      expect(created[0]!.requirePasswordReset).toBe(false);
      expect(state.outbox).toEqual([]);
      const mails = await portalMails();
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toMatch(/http:\/\/portal\.test\/app-password\/set\?token=[A-Za-z0-9_-]{43}\b/);
    }
    expect(signIn).toHaveBeenCalledWith(
      "nodemailer",
      expect.objectContaining({ email: "created.driver@example.com", redirect: false }),
    );
    const entries = await audits();
    expect(entries.map((e) => [e.action, e.outcome])).toEqual([
      ["driver.create", "success"],
      [h.dialect === "contract" ? "driver.password-reset.start" : "driver.app-password-link.send", "success"],
      ["driver.signin-link.send", "success"],
    ]);
    expect(JSON.stringify(entries)).not.toContain((create?.body as { password: string }).password);
    expect(entries[0]?.details).toMatchObject({
      email: "created.driver@example.com",
      appLoginSetBy: h.dialect === "contract" ? "driver, through the reset mail" : "driver, through the portal's link",
      outcome: "created",
    });

    // A double submit joins the first creation: no second user, no second mail.
    h.sent.length = 0;
    vi.mocked(signIn).mockClear();
    const again = await createDriverAction(idle, form(values));
    expect(again).toMatchObject({
      status: "ok",
      data: {
        kind: "joined",
        platformUserId: created[0]!.id,
        passwordReset: "not-needed",
        signInLink: "not-requested",
      },
    });
    expect(h.sent.filter((r) => r.method !== "GET")).toEqual([]);
    expect(signIn).not.toHaveBeenCalled();
    expect((await h.state()).outbox.filter((m) => m.to === "created.driver@example.com")).toHaveLength(
      h.dialect === "contract" ? 1 : 0,
    );
    expect(await portalMails()).toHaveLength(h.dialect === "contract" ? 0 : 1);

    // An address the platform already had (here: the seeded second driver) is never created.
    const exists = await createDriverAction(idle, form({ ...values, email: "second.driver@example.com" }));
    expect(exists).toMatchObject({ status: "ok", data: { kind: "exists", platformUserId: 1002 } });
    expect(sentTo(h, "POST", h.wire.usersPath)).toEqual([]);
    expect((await audits()).at(-1)).toMatchObject({
      action: "driver.create",
      outcome: "failure",
      targetPlatformUserId: 1002,
    });
  });

  it("with a password set by staff: no reset mail, and the password is neither echoed nor audited", async () => {
    const result = await createDriverAction(
      idle,
      form({
        email: "set.pw@example.com",
        firstName: "Sid",
        lastName: "Set",
        country: "NL",
        passwordMode: "set",
        password: "typed-secret-9",
      }),
    );
    expect(result).toMatchObject({ status: "ok", data: { kind: "created", passwordReset: "not-needed" } });
    expect(JSON.stringify(result)).not.toContain("typed-secret-9");
    expect(JSON.stringify(await audits())).not.toContain("typed-secret-9");
    const state = await h.state();
    expect(state.outbox.filter((m) => m.to === "set.pw@example.com")).toEqual([]);
    expect(h.sent.filter((r) => h.wire.isPasswordReset(r))).toEqual([]);
    expect(state.users.find((u) => u.email === "set.pw@example.com")?.requirePasswordReset).toBe(false);
    expect(await h.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, "set.pw@example.com"))).toEqual([]);
  });

  it("reports field errors and keeps what was typed, but not the password", async () => {
    const result = await createDriverAction(
      idle,
      form({ email: "nope", firstName: "", lastName: "X", country: "XX", passwordMode: "set", password: "12" }),
    );
    expect(result.status).toBe("invalid");
    if (result.status !== "invalid") return;
    expect(Object.keys(result.fieldErrors).sort()).toEqual(["country", "email", "firstName", "password"]);
    expect(result.values).toMatchObject({ email: "nope", lastName: "X" });
    expect(result.values).not.toHaveProperty("password");
    expect(h.sent).toEqual([]);
  });
});

inDialect("ampeco", describe)("create a driver on a tenant without the configured partner or group (issue 24)", () => {
  it("is a failure in plain words, not a field error no one can fix, and nothing is created", async () => {
    const values = { email: "nopartner@example.com", firstName: "Nora", lastName: "Nopartner", country: "NL" };
    await h.control("PUT", "/settings", {
      partners: [{ id: 1117, name: "Other", createUsers: true, addUserBalance: true }],
    });
    const noPartner = await createDriverAction(idle, form(values));
    expect(noPartner).toMatchObject({ status: "error" });
    expect(noPartner).not.toHaveProperty("fieldErrors");

    await h.control("PUT", "/settings", { userGroups: [{ id: 9, name: "Other" }] });
    const noGroup = await createDriverAction(idle, form(values));
    expect(noGroup).toMatchObject({ status: "error" });
    expect(noGroup).not.toHaveProperty("fieldErrors");
    expect((await h.state()).users.filter((u) => u.email === "nopartner@example.com")).toEqual([]);
  });
});

describe("driver account actions", () => {
  it("change e-mail: a taken address leaves the old one and says why; a change signs the driver out everywhere", async () => {
    await h.db.db
      .insert(users)
      .values({ id: "driver-1001", email: "driver@example.com", platformUserId: 1001, emailVerified: new Date() });
    await h.db.db.insert(sessions).values([
      { sessionToken: "driver-phone", userId: "driver-1001", expires: new Date(Date.now() + 86_400_000) },
      { sessionToken: "driver-laptop", userId: "driver-1001", expires: new Date(Date.now() + 86_400_000) },
    ]);
    const taken = await driver.changeDriverEmailAction(1001, idle, form({ email: "second.driver@example.com" }));
    expect(taken).toMatchObject({
      status: "invalid",
      fieldErrors: { email: [expect.stringContaining("stays driver@example.com")] },
    });
    expect((await h.state()).users.find((u) => u.id === 1001)?.email).toBe("driver@example.com");
    const ok = await driver.changeDriverEmailAction(1001, idle, form({ email: "demi.new@example.com" }));
    expect(ok).toMatchObject({ status: "ok" });
    expect((await h.state()).users.find((u) => u.id === 1001)?.email).toBe("demi.new@example.com");
    expect(await h.db.db.select().from(sessions)).toEqual([]);
    // Staff typed the address; nobody proved it: no verified mark, and never an ADMIN_EMAILS bootstrap.
    expect((await h.db.db.select().from(users).where(eq(users.id, "driver-1001")))[0]).toMatchObject({
      email: "demi.new@example.com",
      emailVerified: null,
      emailChangedAt: expect.any(Date),
    });
    expect((await audits()).map((e) => [e.action, e.outcome, e.targetPlatformUserId])).toEqual([
      ["driver.email.change", "failure", 1001],
      ["driver.email.change", "success", 1001],
    ]);
  });

  it("profile: only changed fields are sent", async () => {
    const baseline = {
      firstName: "Demi",
      lastName: "Driver",
      phone: null,
      address: null,
      city: "Amsterdam",
      postCode: null,
      country: "NL",
    };
    const data = form({ firstName: "Demi", lastName: "Driver", city: "Utrecht", country: "NL" });
    data.set("baseline", JSON.stringify(baseline));
    expect(await driver.updateDriverProfileAction(1001, idle, data)).toMatchObject({
      status: "ok",
      message: expect.stringContaining("city"),
    });
    expect(sentTo(h, "PATCH", h.wire.userPath(1001)).map((r) => r.body)).toEqual([{ city: "Utrecht" }]);
  });

  it("vouchers: the driver page's words, a per-staff-and-driver limit, every attempt audited", async () => {
    expect(await driver.redeemVoucherForDriverAction(1002, idle, form({ code: "USED-2025" }))).toMatchObject({
      status: "error",
      code: "voucher-rejected",
      message: expect.stringMatching(/^This voucher is invalid, already used or not applicable \(for example expired/),
    });
    expect(await driver.redeemVoucherForDriverAction(1002, idle, form({ code: "WELCOME10" }))).toMatchObject({
      status: "ok",
    });
    expect((await audits()).map((e) => [e.action, e.outcome, e.details, e.reason])).toEqual([
      ["driver.voucher.redeem", "failure", { code: "USED-2025", outcome: "rejected" }, "voucher-rejected"],
      ["driver.voucher.redeem", "success", { code: "WELCOME10", outcome: "accepted" }, null],
    ]);
  });

  it("issue 36: a code the platform does not know is audited as voucher-unknown where it tells (ampeco's 404)", async () => {
    await h.control("PUT", "/settings", { unknownVoucherStatus: 404 });
    const unknown = h.dialect === "ampeco";
    expect(await driver.redeemVoucherForDriverAction(1002, idle, form({ code: "NO-SUCH-CODE" }))).toMatchObject({
      status: "error",
      code: unknown ? "voucher-unknown" : "voucher-rejected",
      message: unknown
        ? "The charging service does not know this voucher code. Check it for typing errors and try again; if it is right, ask whoever gave you the voucher."
        : expect.stringMatching(/^This voucher is invalid, already used or not applicable/),
    });
    expect(await driver.redeemVoucherForDriverAction(1002, idle, form({ code: "EXPIRED-2024" }))).toMatchObject({
      code: "voucher-rejected",
    });
    expect((await audits()).map((e) => [e.outcome, e.details, e.reason])).toEqual([
      [
        "failure",
        { code: "NO-SUCH-CODE", outcome: unknown ? "unknown" : "rejected" },
        `voucher-${unknown ? "unknown" : "rejected"}`,
      ],
      ["failure", { code: "EXPIRED-2024", outcome: "rejected" }, "voucher-rejected"],
    ]);
  });

  inDialect("contract", it)("password reset (contract): the platform mails the driver", async () => {
    expect(await driver.startDriverPasswordResetAction(1002, idle)).toMatchObject({
      status: "ok",
      message: expect.stringContaining("second.driver@example.com"),
    });
    expect((await h.state()).outbox).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: "password-reset", userId: 1002 })]),
    );
    expect(h.sent.filter((r) => h.wire.isPasswordReset(r, 1002))).toHaveLength(1);
  });

  it("password reset: five per staff member and driver in 15 minutes; the sixth is refused, audited, and reaches nothing", async () => {
    holder.viewer = ADMIN;
    holdClockStill();
    let sixth;
    try {
      for (let i = 0; i < 5; i++)
        expect(await driver.startDriverPasswordResetAction(1001, idle)).toMatchObject({ status: "ok" });
      h.sent.length = 0;
      sixth = await driver.startDriverPasswordResetAction(1001, idle);
    } finally {
      vi.useRealTimers();
    }
    expect(sixth).toEqual({
      status: "error",
      message: expect.stringMatching(/^(A new app password was required|Several reset mails went) .* \d+ minutes?\.$/),
    });
    expect(h.sent.filter((r) => r.method !== "GET")).toEqual([]);
    expect((await audits()).at(-1)).toMatchObject({
      action: "driver.password-reset.start",
      outcome: "failure",
      error: "Too many resets for this driver",
    });
  });

  inDialect("ampeco", it)(
    "password reset (AMPECO): one PATCH {requirePasswordReset: true}, so the app asks the driver for a new password",
    async () => {
      expect(await driver.startDriverPasswordResetAction(1002, idle)).toMatchObject({
        status: "ok",
        message: expect.stringMatching(/second\.driver@example\.com .*next sign-in/),
      });
      expect(h.sent.filter((r) => r.method !== "GET")).toEqual([
        { method: "PATCH", path: "/public-api/resources/users/v1.1/1002", body: { requirePasswordReset: true } },
      ]);
      const state = await h.state();
      expect(state.users.find((u) => u.id === 1002)?.requirePasswordReset).toBe(true);
      expect(state.outbox).toEqual([]);
      expect((await audits()).map((e) => [e.action, e.outcome, e.targetPlatformUserId])).toEqual([
        ["driver.password-reset.start", "success", 1002],
      ]);
    },
  );

  it("an unknown driver id is a plain error, not a crash", async () => {
    expect(await driver.startDriverPasswordResetAction(999999, idle)).toMatchObject({
      status: "error",
      code: "no-driver",
    });
    expect(await driver.startDriverPasswordResetAction(-5 as number, idle)).toMatchObject({
      status: "error",
      code: "no-driver",
    });
  });
});

describe("cards", () => {
  it("link with a chosen status, refuse a code active elsewhere, block only the driver's own card", async () => {
    expect(
      await cards.linkCardForDriverAction(
        1003,
        idle,
        form({ code: "04 ab cd ef 01", visualNumber: "NEW-1", status: "inactive" }),
      ),
    ).toMatchObject({ status: "ok" });
    expect((await h.state()).tokens.find((t) => t.code === "04ABCDEF01")).toMatchObject({
      userId: 1003,
      status: "inactive",
    });
    expect(
      await cards.linkCardForDriverAction(1003, idle, form({ code: "04A1B2C3D4E5F6", visualNumber: "X" })),
    ).toMatchObject({ status: "invalid", fieldErrors: { code: [expect.stringContaining("Move to another driver")] } });
    // 2004 belongs to driver 1002: blocking it "for 1001" must not reach the platform's update.
    expect(await cards.blockCardForDriverAction(1001, idle, form({ cardId: "2004" }))).toMatchObject({
      status: "error",
      code: "not-owned",
    });
    expect(sentTo(h, "PATCH", h.wire.cardPath())).toEqual([]);
    expect(await cards.blockCardForDriverAction(1001, idle, form({ cardId: "2001" }))).toMatchObject({ status: "ok" });
    expect((await h.state()).tokens.find((t) => t.id === 2001)?.status).toBe("blocked");
  });
});

inDialect("ampeco", describe)("cards: a tag provisioned in advance (issue 24)", () => {
  it("staff find the unassigned tag by its code and link it to a driver, which claims the existing tag", async () => {
    const uid = "04C0FFEE000001";
    const [hit, ...more] = await findDrivers({ by: "card", q: uid });
    expect(more).toEqual([]);
    expect(hit).toMatchObject({ user: null, matchedCard: { id: 2006, code: uid, userId: null } });

    expect(
      await cards.linkCardForDriverAction(1003, idle, form({ code: uid, visualNumber: "NL-DPT-001001-5" })),
    ).toMatchObject({ status: "ok" });
    expect(sentTo(h, "POST", h.wire.cardsPath)).toEqual([]);
    expect((await h.state()).tokens.filter((t) => t.code === uid).map((t) => [t.id, t.userId, t.status])).toEqual([
      [2006, 1003, "active"],
    ]);
    const [linked] = await findDrivers({ by: "card", q: uid });
    expect(linked?.user?.id).toBe(1003);
  });
});

inDialect("contract", describe)("cards: the two-step move (contract: block, then link anew)", () => {
  it("move with a failing second step, then retry; the card is never active on both drivers", async () => {
    await h.control("PUT", "/faults", {
      rules: [
        { method: "POST", path: "^/public-api/resources/tokens/v1\\.0$", status: 503, phase: "before", times: 1 },
      ],
    });
    const move = form({ cardId: "2001", targetUserId: "1002", intent: "move" });
    const failed = await cards.moveCardStepAction(1001, idle, move);
    expect(failed).toMatchObject({
      status: "error",
      code: "blocked-on-source",
      message: expect.stringContaining("blocked on driver 1001 and not yet active on driver 1002"),
    });
    let tokens = (await h.state()).tokens.filter((t) => t.code === "04A1B2C3D4E5F6");
    expect(tokens.map((t) => [t.userId, t.status])).toEqual([[1001, "blocked"]]);

    const retried = await cards.moveCardStepAction(
      1001,
      idle,
      form({ cardId: "2001", targetUserId: "1002", intent: "retry" }),
    );
    expect(retried).toMatchObject({ status: "ok", data: { step: "done" } });
    tokens = (await h.state()).tokens.filter((t) => t.code === "04A1B2C3D4E5F6");
    expect(tokens.map((t) => [t.userId, t.status])).toEqual([
      [1001, "blocked"],
      [1002, "active"],
    ]);
    // Order on the wire: the block (PATCH) answered before any create (POST) was sent.
    const log = (await h.state()).requestLog.filter(
      (r) => r.path.startsWith("/public-api/resources/tokens") && r.method !== "GET",
    );
    expect(log.map((r) => `${r.method} ${r.status}`)).toEqual(["PATCH 200", "POST 503", "POST 201"]);
    expect((await audits()).map((e) => [e.action, e.outcome])).toEqual([
      ["card.move.block", "success"],
      ["card.move.link", "failure"],
      ["card.move.link", "success"],
    ]);
  });

  it("undo after a failed second step reactivates the card on the first driver", async () => {
    await h.control("PUT", "/faults", {
      rules: [
        { method: "POST", path: "^/public-api/resources/tokens/v1\\.0$", status: 503, phase: "before", times: 1 },
      ],
    });
    await cards.moveCardStepAction(1001, idle, form({ cardId: "2001", targetUserId: "1002", intent: "move" }));
    expect(
      await cards.moveCardStepAction(1001, idle, form({ cardId: "2001", targetUserId: "1002", intent: "undo" })),
    ).toMatchObject({ status: "ok", data: { step: "ready" } });
    expect(
      (await h.state()).tokens.filter((t) => t.code === "04A1B2C3D4E5F6").map((t) => [t.userId, t.status]),
    ).toEqual([[1001, "active"]]);
  });
});

inDialect("ampeco", describe)("cards: the move in one change (AMPECO: PATCH {userId} of the id tag)", () => {
  const move = () => form({ cardId: "2001", targetUserId: "1002", intent: "move" });
  const tagsOfCode = async () =>
    (await h.state()).tokens.filter((t) => t.code === "04A1B2C3D4E5F6").map((t) => [t.id, t.userId, t.status]);
  const tagWrites = async () =>
    (await h.state()).requestLog
      .filter((r) => r.path.startsWith("/public-api/resources/id-tags") && r.method !== "GET")
      .map((r) => `${r.method} ${r.path} ${r.status}`);

  it("moves with one PATCH {userId}: the same card, still active, now on the second driver only", async () => {
    expect(await cards.moveCardStepAction(1001, idle, move())).toMatchObject({
      status: "ok",
      data: { step: "done" },
    });
    expect(h.sent.filter((r) => r.method !== "GET")).toEqual([
      { method: "PATCH", path: "/public-api/resources/id-tags/v2.0/2001", body: { userId: 1002 } },
    ]);
    expect(await tagsOfCode()).toEqual([[2001, 1002, "active"]]);
    expect(await tagWrites()).toEqual(["PATCH /public-api/resources/id-tags/v2.0/2001 200"]);
    const entries = await audits();
    expect(entries.map((e) => [e.outcome, e.targetPlatformUserId])).toEqual([["success", 1002]]);
    expect(entries[0]?.action).toMatch(/^card\.move/);

    // Asked again (a double submit, a second tab), the move is found done and nothing is sent.
    h.sent.length = 0;
    expect(await cards.moveCardStepAction(1001, idle, move())).toMatchObject({
      status: "ok",
      data: { step: "done" },
    });
    expect(h.sent.filter((r) => r.method !== "GET")).toEqual([]);
    expect(await tagsOfCode()).toEqual([[2001, 1002, "active"]]);
  });

  it("a move whose PATCH fails leaves the card active on the first driver only; asking again moves it", async () => {
    await h.control("PUT", "/faults", {
      rules: [{ method: "PATCH", path: "/id-tags/v2\\.0/2001$", status: 503, phase: "before", times: 4 }],
    });
    expect(await cards.moveCardStepAction(1001, idle, move())).toMatchObject({ status: "error" });
    expect(await tagsOfCode()).toEqual([[2001, 1001, "active"]]);
    expect(await cards.moveCardStepAction(1001, idle, move())).toMatchObject({
      status: "ok",
      data: { step: "done" },
    });
    expect(await tagsOfCode()).toEqual([[2001, 1002, "active"]]);
    // Only ever PATCHes of the one tag: no block, no second link of the UID.
    expect(new Set((await tagWrites()).map((w) => w.replace(/ \d+$/, "")))).toEqual(
      new Set(["PATCH /public-api/resources/id-tags/v2.0/2001"]),
    );
    expect((await audits()).map((e) => e.outcome)).toEqual(["failure", "success"]);
  });

  it("a blocked (lost or stolen) card is not moved", async () => {
    expect(await cards.blockCardForDriverAction(1001, idle, form({ cardId: "2001" }))).toMatchObject({
      status: "ok",
    });
    h.sent.length = 0;
    expect(await cards.moveCardStepAction(1001, idle, move())).toMatchObject({ status: "error", code: "refused" });
    expect(h.sent.filter((r) => r.method !== "GET")).toEqual([]);
    expect(await tagsOfCode()).toEqual([[2001, 1001, "blocked"]]);
  });
});

describe("staff roles", () => {
  beforeEach(() => {
    holder.viewer = ADMIN;
  });

  it("grant support to an address nobody signed in with is a pending invite; withdrawing it leaves nothing", async () => {
    expect(
      await roles.grantStaffRoleAction(idle, form({ email: "New.Staff@example.com", role: "support" })),
    ).toMatchObject({ status: "ok", message: expect.stringContaining("pending invite") });
    expect(await h.db.db.select().from(users).where(eq(users.email, "new.staff@example.com"))).toEqual([]);
    expect(await listStaffInvites()).toEqual([
      expect.objectContaining({ email: "new.staff@example.com", role: "support", invitedByEmail: "admin@example.com" }),
    ]);
    expect(
      await roles.grantStaffRoleAction(idle, form({ email: "new.staff@example.com", role: "support" })),
    ).toMatchObject({ status: "error", code: "unchanged" });
    expect(await roles.withdrawStaffInviteAction(idle, form({ email: "new.staff@example.com" }))).toMatchObject({
      status: "ok",
      message: expect.stringContaining("withdrawn"),
    });
    expect(await listStaffInvites()).toEqual([]);
    expect(await roles.withdrawStaffInviteAction(idle, form({ email: "new.staff@example.com" }))).toMatchObject({
      status: "error",
      code: "no-invite",
    });
    expect((await audits()).map((e) => [e.action, e.outcome, e.actorEmail])).toEqual([
      ["role.grant", "success", "admin@example.com"],
      ["role.grant", "failure", "admin@example.com"],
      ["role.invite.withdraw", "success", "admin@example.com"],
      ["role.invite.withdraw", "failure", "admin@example.com"],
    ]);
  });

  it("grant support to an account that has signed in takes effect at once; revoke takes it away", async () => {
    await h.db.db.insert(users).values({ id: "driver-x", email: "signed.in@example.com", emailVerified: new Date() });
    expect(
      await roles.grantStaffRoleAction(idle, form({ email: "Signed.In@example.com", role: "support" })),
    ).toMatchObject({ status: "ok", message: expect.stringContaining("now has the support role") });
    expect((await h.db.db.select().from(users).where(eq(users.id, "driver-x")))[0]?.role).toBe("support");
    expect(await roles.revokeStaffRoleAction(idle, form({ email: "signed.in@example.com" }))).toMatchObject({
      status: "ok",
    });
    expect((await h.db.db.select().from(users).where(eq(users.id, "driver-x")))[0]?.role).toBe("driver");
    expect(await listStaffInvites()).toEqual([]);
  });

  it("nobody changes their own role, the last admin stays, a bootstrap admin is changed in configuration only", async () => {
    expect(await roles.revokeStaffRoleAction(idle, form({ email: "admin@example.com" }))).toMatchObject({
      status: "error",
      code: "self",
    });
    expect(await roles.grantStaffRoleAction(idle, form({ email: "admin@example.com", role: "support" }))).toMatchObject(
      { status: "error", code: "self" },
    );
    // Another admin tries to demote the only admin.
    holder.viewer = { ...ADMIN, userId: "x", email: "other.admin@example.com" };
    expect(await roles.revokeStaffRoleAction(idle, form({ email: "admin@example.com" }))).toMatchObject({
      status: "error",
      code: "last-admin",
    });
    expect(await roles.grantStaffRoleAction(idle, form({ email: "admin@example.com", role: "support" }))).toMatchObject(
      { status: "error", code: "last-admin" },
    );
    expect((await h.db.db.select().from(users).where(eq(users.email, "admin@example.com")))[0]?.role).toBe("admin");

    await h.db.db.insert(users).values({ email: "boot.admin@example.com", role: "admin", emailVerified: new Date() });
    expect(await roles.revokeStaffRoleAction(idle, form({ email: "boot.admin@example.com" }))).toMatchObject({
      status: "error",
      code: "bootstrap-admin",
    });
    // With a second admin, the first one can go.
    expect(await roles.revokeStaffRoleAction(idle, form({ email: "admin@example.com" }))).toMatchObject({
      status: "ok",
    });
    expect((await audits()).filter((e) => e.outcome === "failure")).toHaveLength(5);
  });

  it("two admins demoting each other at the same moment leave one admin", async () => {
    await h.db.db
      .insert(users)
      .values({ id: "admin-2", email: "admin2@example.com", role: "admin", emailVerified: new Date() });
    const asFirst = { ...ADMIN };
    const asSecond = { ...ADMIN, userId: "admin-2", email: "admin2@example.com" };
    const { revokeStaffRole } = await import("@/lib/features/admin/roles");
    const outcomes = await Promise.allSettled([
      revokeStaffRole(asFirst, "admin2@example.com"),
      revokeStaffRole(asSecond, "admin@example.com"),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(await h.db.db.select().from(users).where(eq(users.role, "admin"))).toHaveLength(1);
  });
});

describe("the audit log page's query", () => {
  it("filters by actor, action, driver, outcome and day, newest first, paginated", async () => {
    await driver.startDriverPasswordResetAction(1001, idle);
    await driver.startDriverPasswordResetAction(1002, idle);
    holder.viewer = ADMIN;
    await driver.redeemVoucherForDriverAction(1001, idle, form({ code: "NOPE-NOPE" }));
    const all = await listAuditEntries({ page: 1 });
    expect(all.entries.map((e) => e.actorEmail)).toEqual([
      "admin@example.com",
      "support@example.com",
      "support@example.com",
    ]);
    expect((await listAuditEntries({ page: 1, actor: "SUPPORT" })).total).toBe(2);
    expect((await listAuditEntries({ page: 1, driver: 1001 })).total).toBe(2);
    expect((await listAuditEntries({ page: 1, outcome: "failure" })).entries.map((e) => e.action)).toEqual([
      "driver.voucher.redeem",
    ]);
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
