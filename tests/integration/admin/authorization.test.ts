import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountDeletionRequests, auditLog, staffInvites, users } from "@/lib/core/db/schema";
import type { Viewer } from "@/lib/core/auth/viewer";
import { serviceHarnessForSuite } from "../../support/service-harness";
import { adminActionModules } from "../../support/admin-actions";

/**
 * Every exported admin server action, called directly as each role that must be refused: a
 * signed-out visitor and a driver on every action, support on the admin-only ones. "Refused" means
 * a plain error result AND no platform request, no role change and no mail at all. The list of
 * actions is read from the modules themselves, so a new action without a case here fails the test.
 */
const holder = vi.hoisted(() => ({
  harness: null as unknown as import("../driver-services/harness").ServiceHarness,
  viewer: null as Viewer | null,
}));
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.harness.db.db }));
vi.mock("@/lib/core/auth/viewer", () => ({ getViewer: async () => holder.viewer }));
vi.mock("@/lib/core/auth", () => ({ signIn: vi.fn(async () => "/check-your-email"), auth: vi.fn(async () => null) }));
vi.mock("next/cache", () => ({ refresh: vi.fn(), revalidatePath: vi.fn() }));

const modules = {
  ...(await adminActionModules()),
  createDriver: await import("@/lib/features/admin/actions/create-driver"),
  deletion: {
    ...(await import("@/lib/features/admin/actions/carry-out-deletion")),
    ...(await import("@/lib/features/admin/actions/decline-deletion")),
  },
};
const { signIn } = await import("@/lib/core/auth");

const idle = { status: "idle" } as const;
function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}

type Call = () => Promise<{ status: string; code?: string }>;
const A = modules;
/** One realistic, valid call per action: if the guard were missing, each would change something. */
const CALLS: Record<string, { minimum: "support" | "admin"; call: Call }> = {
  // Request 9001 is open and due (beforeEach): without the guard, each would close it.
  carryOutDeletionAction: {
    minimum: "support",
    call: () => A.deletion.carryOutDeletionAction(idle, form({ requestId: "9001" })),
  },
  declineDeletionAction: {
    minimum: "support",
    call: () => A.deletion.declineDeletionAction(idle, form({ requestId: "9001", reason: "No" })),
  },
  linkCardForDriverAction: {
    minimum: "support",
    call: () => A.cards.linkCardForDriverAction(1001, idle, form({ code: "04AUTHZ00001", visualNumber: "AUTHZ-1" })),
  },
  blockCardForDriverAction: {
    minimum: "support",
    call: () => A.cards.blockCardForDriverAction(1001, idle, form({ cardId: "2001" })),
  },
  resumeCardForDriverAction: {
    minimum: "support",
    call: () => A.cards.resumeCardForDriverAction(1001, idle, form({ cardId: "2003" })),
  },
  moveCardStepAction: {
    minimum: "support",
    call: () => A.cards.moveCardStepAction(1001, idle, form({ cardId: "2001", targetUserId: "1002", intent: "move" })),
  },
  updateDriverProfileAction: {
    minimum: "support",
    call: () =>
      A.driver.updateDriverProfileAction(1001, idle, form({ firstName: "Hacked", lastName: "Driver", country: "NL" })),
  },
  correctDriverBillingDetailsAction: {
    minimum: "support",
    call: () =>
      A.driver.correctDriverBillingDetailsAction(
        1001,
        idle,
        form({ clientType: "company", companyName: "Hacked B.V.", companyTaxId: "NL000099998B57" }),
      ),
  },
  changeDriverEmailAction: {
    minimum: "support",
    call: () => A.driver.changeDriverEmailAction(1001, idle, form({ email: "stolen@example.com" })),
  },
  startDriverPasswordResetAction: {
    minimum: "support",
    call: () => A.driver.startDriverPasswordResetAction(1001, idle),
  },
  redeemVoucherForDriverAction: {
    minimum: "support",
    call: () => A.driver.redeemVoucherForDriverAction(1001, idle, form({ code: "WELCOME10" })),
  },
  forceStopSessionAction: {
    minimum: "support",
    call: () => A.driver.forceStopSessionAction(1001, idle, form({ session: "70001" })),
  },
  createDriverAction: {
    minimum: "support",
    call: () =>
      A.createDriver.createDriverAction(
        idle,
        form({
          email: "authz.new@example.com",
          firstName: "New",
          lastName: "Driver",
          country: "NL",
          sendSignInLink: "on",
        }),
      ),
  },
  grantStaffRoleAction: {
    minimum: "admin",
    call: () => A.roles.grantStaffRoleAction(idle, form({ email: "driver@example.com", role: "admin" })),
  },
  revokeStaffRoleAction: {
    minimum: "admin",
    call: () => A.roles.revokeStaffRoleAction(idle, form({ email: "admin@example.com" })),
  },
  withdrawStaffInviteAction: {
    minimum: "admin",
    call: () => A.roles.withdrawStaffInviteAction(idle, form({ email: "invited@example.com" })),
  },
  resetStaffPasskeysAction: {
    minimum: "admin",
    call: () => A.roles.resetStaffPasskeysAction(idle, form({ email: "support@example.com" })),
  },
  changeStaffEmailAction: {
    minimum: "admin",
    call: () =>
      A.roles.changeStaffEmailAction(idle, form({ email: "support@example.com", newEmail: "moved@example.com" })),
  },
};

const VIEWERS: Record<"signed-out visitor" | "driver" | "support", Viewer | null> = {
  "signed-out visitor": null,
  driver: {
    userId: "driver-1",
    email: "driver@example.com",
    name: "Demi Driver",
    role: "driver",
    platformUserId: 1001,
  },
  support: {
    userId: "support-1",
    email: "support@example.com",
    name: "Sam Support",
    role: "support",
    platformUserId: null,
  },
};

const h = serviceHarnessForSuite({ seams: holder });
beforeEach(async () => {
  vi.mocked(signIn).mockClear();
  await h.db.db.delete(auditLog);
  await h.db.db.delete(users);
  await h.db.db.insert(users).values([
    { id: "driver-1", email: "driver@example.com", role: "driver", platformUserId: 1001 },
    { id: "support-1", email: "support@example.com", role: "support" },
    { id: "admin-1", email: "admin@example.com", role: "admin" },
    { id: "admin-2", email: "admin2@example.com", role: "admin" },
  ]);
  await h.db.db.delete(accountDeletionRequests);
  await h.db.db.insert(accountDeletionRequests).values({
    id: 9001,
    userId: "driver-1",
    platformUserId: 1001,
    email: "driver@example.com",
    requestedAt: new Date(Date.now() - 20 * 24 * 60 * 60 * 1000),
    dueAt: new Date(Date.now() - 6 * 24 * 60 * 60 * 1000),
  });
  await h.db.db.delete(staffInvites);
  await h.db.db
    .insert(staffInvites)
    .values({ email: "invited@example.com", role: "support", invitedByEmail: "admin@example.com" });
});

it("every exported admin action has a case here", () => {
  const exported = Object.values(modules).flatMap((m) =>
    Object.entries(m)
      .filter(([, v]) => typeof v === "function")
      .map(([k]) => k),
  );
  expect(exported.sort()).toEqual(Object.keys(CALLS).sort());
});

for (const [who, viewer] of Object.entries(VIEWERS)) {
  describe(`as a ${who}`, () => {
    for (const [name, { minimum, call }] of Object.entries(CALLS)) {
      const refused = viewer === null || viewer.role === "driver" || (minimum === "admin" && viewer.role !== "admin");
      if (!refused) continue;
      it(`${name} is refused without touching anything`, async () => {
        holder.viewer = viewer;
        const rolesBefore = await h.db.db.select({ email: users.email, role: users.role }).from(users);
        const invitesBefore = await h.db.db.select().from(staffInvites);
        const result = await call();
        expect(result.status).toBe("error");
        expect(result.code).toBe(viewer === null ? "unauthorized" : "forbidden");
        expect(h.sent, "no platform request at all").toEqual([]);
        expect(signIn).not.toHaveBeenCalled();
        const rolesAfter = await h.db.db.select({ email: users.email, role: users.role }).from(users);
        expect(rolesAfter).toEqual(rolesBefore);
        expect(await h.db.db.select().from(staffInvites)).toEqual(invitesBefore);
        expect((await h.db.db.select().from(accountDeletionRequests)).map((r) => r.status)).toEqual(["open"]);
        // A signed-in account's refused attempt is kept in the audit log; a visitor has no identity to record.
        const audits = await h.db.db.select().from(auditLog);
        if (viewer === null) expect(audits).toEqual([]);
        else
          expect(audits).toMatchObject([
            { actorEmail: viewer.email, outcome: "failure", error: expect.stringMatching(/Access denied/) },
          ]);
      });
    }
  });
}

describe("the same calls go through for the roles allowed to make them", () => {
  it("support may redeem a voucher and start a reset; admin may grant a role", async () => {
    holder.viewer = VIEWERS.support;
    expect(await CALLS.redeemVoucherForDriverAction!.call()).toMatchObject({ status: "ok" });
    expect(await CALLS.startDriverPasswordResetAction!.call()).toMatchObject({ status: "ok" });
    holder.viewer = { userId: "admin-1", email: "admin@example.com", name: null, role: "admin", platformUserId: null };
    expect(await CALLS.grantStaffRoleAction!.call()).toMatchObject({ status: "ok" });
    expect(h.sent.length).toBeGreaterThan(0);
  });
});
