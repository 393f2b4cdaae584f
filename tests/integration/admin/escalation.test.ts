import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { emailChanges, mailOutbox, sessions, staffInvites, users } from "@/lib/core/db/schema";
import type { Viewer } from "@/lib/core/auth/viewer";
import { IDLE, formOf } from "../../support/action-form";
import { serviceHarnessForSuite } from "../../support/service-harness";
import { signInByLink } from "../../support/sign-in-by-link";
import { staffViewer } from "../../support/viewers";
import { unsetEnvAfterSuite } from "../../support/config-override";

/**
 * Finding 1 of issue 11: the three ways a driver turned an e-mail change into someone else's sign-in
 * or a staff role. Each runs the driver's real actions and a real sign-in link (Auth.js's steps with
 * the portal's adapter) against a test database; the viewer is read from the session, as in the app.
 */
const holder = vi.hoisted(() => {
  process.env.ADMIN_EMAILS = "boss@example.com,boss.two@example.com";
  process.env.AUTH_URL = "http://localhost:3999";
  (globalThis as { __driverPortalConfig?: unknown }).__driverPortalConfig = undefined;
  return {
    harness: null as unknown as import("../driver-services/harness").ServiceHarness,
    sessionToken: null as string | null,
    staffViewer: null as Viewer | null,
  };
});
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.harness.db.db }));
vi.mock("@/lib/core/auth/viewer", async () => {
  const { findSessionViewer } = await import("@/lib/core/auth/session-lookup");
  return {
    getViewer: async () =>
      holder.staffViewer ?? (holder.sessionToken ? findSessionViewer(holder.harness.db.db, holder.sessionToken) : null),
  };
});
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) =>
      name === "authjs.session-token" && holder.sessionToken ? { name, value: holder.sessionToken } : undefined,
  }),
  headers: async () => new Headers(),
}));
vi.mock("next/cache", () => ({ refresh: vi.fn(), revalidatePath: vi.fn() }));

const { changeEmailAction } = await import("@/lib/features/accounts/actions/change-email");
const { confirmEmailChangeAction } = await import("@/lib/features/accounts/actions/confirm-email-change");
const { grantStaffRoleAction } = await import("@/lib/features/admin/actions/grant-staff-role");
const { changeDriverEmail } = await import("@/lib/features/accounts/email");
const { findSessionViewer } = await import("@/lib/core/auth/session-lookup");

const idle = IDLE;
const form = formOf;

const h = serviceHarnessForSuite({ seams: holder });
unsetEnvAfterSuite("ADMIN_EMAILS", "AUTH_URL");
beforeEach(async () => {
  holder.sessionToken = null;
  holder.staffViewer = null;
  for (const table of [sessions, emailChanges, staffInvites, mailOutbox, users]) await h.db.db.delete(table);
});

/** The demo driver (platform user 1001) signs in by link; their browser now holds that session. */
async function driverSignsIn() {
  const driver = await signInByLink(h.db.db, "driver@example.com");
  holder.sessionToken = driver.sessionToken;
  return driver;
}

const viewerOf = (sessionToken: string) => findSessionViewer(h.db.db, sessionToken);
const accountOf = async (userId: string) => (await h.db.db.select().from(users).where(eq(users.id, userId)))[0];
/** The confirmation link's token from the newest mail to `to`. */
async function tokenMailedTo(to: string): Promise<string> {
  const mails = await h.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);
  const token = /token=([A-Za-z0-9_-]{43})/.exec(mails.at(-1)?.text ?? "")?.[1];
  expect(token, `a confirmation link mailed to ${to}`).toBeTruthy();
  return token!;
}

describe("finding 1: an e-mail change no longer hands out someone else's sign-in or a role", () => {
  it("(a) a driver who asks for an ADMIN_EMAILS address does not become admin; the owner's sign-in gets an account of their own", async () => {
    const driver = await driverSignsIn();
    expect(await changeEmailAction(idle, form({ email: "Boss@Example.com" }))).toMatchObject({
      status: "ok",
      message:
        "We sent a confirmation link to boss@example.com. Your address stays driver@example.com until you follow it.",
    });

    const owner = await signInByLink(h.db.db, "boss@example.com");
    expect(owner.userId).not.toBe(driver.userId);
    expect(await viewerOf(owner.sessionToken)).toMatchObject({
      email: "boss@example.com",
      role: "admin",
      platformUserId: null,
    });
    expect(await viewerOf(driver.sessionToken)).toMatchObject({
      email: "driver@example.com",
      role: "driver",
      platformUserId: 1001,
    });
  });

  it("(a) even a followed link never makes an account admin that got the listed address through a change", async () => {
    const driver = await driverSignsIn();
    await changeEmailAction(idle, form({ email: "boss.two@example.com" }));
    // Suppose the driver can read that mailbox: the change is theirs to make, but not the role.
    expect(
      await confirmEmailChangeAction(idle, form({ token: await tokenMailedTo("boss.two@example.com") })),
    ).toMatchObject({ status: "ok" });
    const again = await signInByLink(h.db.db, "boss.two@example.com");
    expect(again.userId).toBe(driver.userId);
    expect(await viewerOf(again.sessionToken)).toMatchObject({ email: "boss.two@example.com", role: "driver" });
    expect((await accountOf(driver.userId))?.emailChangedAt).toBeInstanceOf(Date);
  });

  it("(b) staff granting support to a future employee's address the driver asked for: the driver's session stays a driver's", async () => {
    const driver = await driverSignsIn();
    await changeEmailAction(idle, form({ email: "future.employee@example.com" }));

    holder.staffViewer = staffViewer("admin");
    const grant = await grantStaffRoleAction(idle, form({ email: "future.employee@example.com", role: "support" }));
    expect(grant).toMatchObject({ status: "ok", message: expect.stringContaining("pending invite") });
    holder.staffViewer = null;
    expect(await viewerOf(driver.sessionToken)).toMatchObject({ email: "driver@example.com", role: "driver" });

    // Only a sign-in link to the address redeems the invite: the employee gets the role, in their own account.
    const employee = await signInByLink(h.db.db, "future.employee@example.com");
    expect(employee.userId).not.toBe(driver.userId);
    expect(await viewerOf(employee.sessionToken)).toMatchObject({ role: "support" });
    expect(await h.db.db.select().from(staffInvites)).toEqual([]);
    expect(await viewerOf(driver.sessionToken)).toMatchObject({ role: "driver" });
  });

  it("(b) an account that holds an address it never signed in with gets an invite, not the role", async () => {
    const second = await signInByLink(h.db.db, "second.driver@example.com");
    // Staff moved the driver to an address nobody has proven yet.
    await changeDriverEmail(1002, "staff.typed@example.com");
    holder.staffViewer = staffViewer("admin");
    expect(await grantStaffRoleAction(idle, form({ email: "staff.typed@example.com", role: "support" }))).toMatchObject(
      { status: "ok", message: expect.stringContaining("pending invite") },
    );
    expect((await accountOf(second.userId))?.role).toBe("driver");
    expect(await h.db.db.select({ email: staffInvites.email, role: staffInvites.role }).from(staffInvites)).toEqual([
      { email: "staff.typed@example.com", role: "support" },
    ]);
  });

  it("(c) a driver who asks for a victim's address cannot pre-hijack: the victim lands in their own account, and the victim's click changes nothing", async () => {
    const driver = await driverSignsIn();
    await changeEmailAction(idle, form({ email: "victim@example.com" }));
    const token = await tokenMailedTo("victim@example.com");

    const victim = await signInByLink(h.db.db, "victim@example.com");
    expect(victim.userId).not.toBe(driver.userId);
    expect((await viewerOf(victim.sessionToken))?.email).toBe("victim@example.com");

    // The victim, signed in to their own account, follows the link they were mailed: refused, nothing changes.
    holder.sessionToken = victim.sessionToken;
    expect(await confirmEmailChangeAction(idle, form({ token }))).toMatchObject({ status: "error" });
    // Nobody signed in follows it: refused too.
    holder.sessionToken = null;
    expect(await confirmEmailChangeAction(idle, form({ token }))).toMatchObject({
      status: "error",
      message: "Sign in to continue.",
    });

    expect((await accountOf(driver.userId))?.email).toBe("driver@example.com");
    expect((await h.client.users.getUser(1001)).email).toBe("driver@example.com");
    // The address is taken now: the driver's own click is refused at confirmation too.
    holder.sessionToken = driver.sessionToken;
    expect(await confirmEmailChangeAction(idle, form({ token }))).toMatchObject({ status: "error", code: "taken" });
    expect((await accountOf(driver.userId))?.email).toBe("driver@example.com");
  });
});
