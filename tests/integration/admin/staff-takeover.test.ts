import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  auditLog,
  emailChanges,
  mailOutbox,
  passkeyChallenges,
  passkeys,
  pendingSignUps,
  rateLimitCounters,
  sessions,
  signupAttempts,
  staffInvites,
  users,
} from "@/lib/core/db/schema";
import { IDLE, formOf } from "../../support/action-form";
import { signInByLink } from "../../support/sign-in-by-link";
import { createSoftAuthenticator, type SoftAuthenticator } from "../../support/soft-authenticator";
import { serviceHarnessForSuite } from "../../support/service-harness";

/**
 * Issue 22, N1: support becomes admin (or takes over any staff account) through the driver flows.
 * The chain as it was reproduced: support "creates a driver" with the admin's address, moves that
 * driver to an address support reads, and signs in there by link. With STAFF_REQUIRE_PASSKEY on, the
 * link session then enrols the first passkey and signs in with it. Each step runs the real actions,
 * route handlers and a real sign-in link against the platform emulator (both dialects) and a test
 * database; the viewer is read from the session, as in the app.
 */
const ORIGIN = "http://localhost:3999";
const holder = vi.hoisted(() => ({
  harness: null as unknown as import("../driver-services/harness").ServiceHarness,
  sessionToken: null as string | null,
  staffRequirePasskey: false,
  after: [] as (() => unknown)[],
}));
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.harness.db.db }));
vi.mock("@/lib/core/auth/viewer", async () => {
  const { findSessionViewer } = await import("@/lib/core/auth/session-lookup");
  return {
    getViewer: async () => (holder.sessionToken ? findSessionViewer(holder.harness.db.db, holder.sessionToken) : null),
  };
});
vi.mock("@/lib/core/auth/site-origin", () => ({ siteOrigin: async () => "http://localhost:3999" }));
vi.mock("@/lib/core/auth", () => ({ signIn: vi.fn(async () => undefined), issueSignInLink: vi.fn() }));
vi.mock("@/lib/core/config", async (original) =>
  (await import("../../support/config-override")).configWith(original, (config) => ({
    ...config,
    auth: { ...config.auth, staffRequirePasskey: holder.staffRequirePasskey },
  })),
);
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) =>
      name === "authjs.session-token" && holder.sessionToken ? { name, value: holder.sessionToken } : undefined,
    // The sign-up form remembers the address typed for "Check your e-mail" (lib/core/auth/mail-sent-to.ts).
    set: () => undefined,
  }),
  headers: async () => new Headers({ "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36" }),
}));
vi.mock("next/navigation", async () => ({
  redirect: (await import("../../support/next-redirect")).redirectLikeNext,
}));
vi.mock("next/server", () => ({ after: (task: () => unknown) => holder.after.push(task), connection: vi.fn() }));
vi.mock("next/cache", () => ({ refresh: vi.fn(), revalidatePath: vi.fn() }));

const { createDriverAction } = await import("@/lib/features/admin/actions/create-driver");
const { changeDriverEmailAction } = await import("@/lib/features/admin/actions/change-driver-email");
const { changeStaffEmailAction } = await import("@/lib/features/admin/actions/change-staff-email");
const { grantStaffRoleAction } = await import("@/lib/features/admin/actions/grant-staff-role");
const { resetStaffPasskeysAction } = await import("@/lib/features/admin/actions/reset-staff-passkeys");
const { signUpAction } = await import("@/lib/features/accounts/actions/sign-up");
const { changeEmailAction } = await import("@/lib/features/accounts/actions/change-email");
const handlers = await import("@/lib/features/passkeys/route-handlers");
const { findSessionViewer } = await import("@/lib/core/auth/session-lookup");
const { seedDemoStaff } = await import("@/lib/core/db/demo-seed");

const h = serviceHarnessForSuite({ seams: holder });
beforeEach(async () => {
  holder.sessionToken = null;
  holder.after = [];
  holder.staffRequirePasskey = false;
  for (const table of [
    auditLog,
    emailChanges,
    mailOutbox,
    passkeyChallenges,
    passkeys,
    pendingSignUps,
    rateLimitCounters,
    sessions,
    signupAttempts,
    staffInvites,
    users,
  ])
    await h.db.db.delete(table);
  await seedDemoStaff(h.db.db);
});

const ADMIN = "admin@example.com";
const SUPPORT = "support@example.com";
/** An address support reads. */
const SUPPORTS_OWN = "mallory.support@example.com";

const viewerOf = (sessionToken: string) => findSessionViewer(h.db.db, sessionToken);
const accountWith = async (email: string) => (await h.db.db.select().from(users).where(eq(users.email, email)))[0];
const mailsTo = (to: string) => h.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

/** Signs in by link; with `passkey`, the session is marked as one opened with a passkey. */
async function signedIn(email: string, { passkey = false } = {}) {
  const session = await signInByLink(h.db.db, email);
  if (passkey)
    await h.db.db
      .update(sessions)
      .set({ signInMethod: "passkey" })
      .where(eq(sessions.sessionToken, session.sessionToken));
  return session;
}

const post = (path: string, body: unknown) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN, "x-forwarded-proto": "http" },
    body: JSON.stringify(body),
  });

/** Enrols a passkey from the current session; the status of the options step and the device. */
async function enrolPasskey(): Promise<{ status: number; device: SoftAuthenticator | null }> {
  const start = await handlers.registrationOptionsHandler(post("/api/passkeys/registration/options", {}));
  if (start.status !== 200) return { status: start.status, device: null };
  const { challengeId, options } = await start.json();
  const device = createSoftAuthenticator();
  const done = await handlers.registrationHandler(
    post("/api/passkeys/registration", { challengeId, response: device.register(options, { origin: ORIGIN }) }),
  );
  return { status: done.status, device: done.status === 200 ? device : null };
}

/** Signs in with the passkey; the new session's token. */
async function signInWithPasskey(device: SoftAuthenticator): Promise<string> {
  holder.sessionToken = null;
  const start = await handlers.signInOptionsHandler(post("/api/passkeys/sign-in/options", {}));
  const { challengeId, options } = await start.json();
  const answer = await handlers.signInHandler(
    post("/api/passkeys/sign-in", { challengeId, response: device.authenticate(options, { origin: ORIGIN }) }),
  );
  expect(answer.status).toBe(200);
  return /session-token=([^;]+)/.exec(answer.headers.get("set-cookie") ?? "")![1]!;
}

/**
 * The chain up to the link sign-in: support creates a driver with the admin's address and moves it
 * to an address support reads. The session of that sign-in, and what support was answered.
 */
async function supportMovesAdminsAddressToOwn(supportSession: string) {
  holder.sessionToken = supportSession;
  const created = await createDriverAction(
    IDLE,
    formOf({ email: ADMIN, firstName: "Mallory", lastName: "Support", country: "NL", passwordMode: "reset" }),
  );
  expect(created).toMatchObject({ status: "ok", data: { kind: "created" } });
  const driverId = (created as { data: { platformUserId: number } }).data.platformUserId;
  const moved = await changeDriverEmailAction(driverId, IDLE, formOf({ email: SUPPORTS_OWN }));
  expect(moved).toMatchObject({ status: "ok" });
  holder.sessionToken = null;
  return { created, attacker: await signedIn(SUPPORTS_OWN) };
}

async function expectAdminUntouched(adminUserId: string, adminSession: string) {
  expect(await accountWith(ADMIN)).toMatchObject({
    id: adminUserId,
    name: "Ada Admin",
    role: "admin",
    platformUserId: null,
    emailChangedAt: null,
  });
  expect(await viewerOf(adminSession)).toMatchObject({ email: ADMIN, role: "admin" });
}

describe("N1, demo chain: support creates a driver with the admin's address, moves it, signs in", () => {
  it("ends with a driver session of support's own, not the admin's account; the admin is untouched and told", async () => {
    const admin = await signedIn(ADMIN);
    const support = await signedIn(SUPPORT);

    holder.sessionToken = support.sessionToken;
    const FRESH = "fresh.driver@example.com";
    const fresh = await createDriverAction(
      IDLE,
      formOf({ email: FRESH, firstName: "Mallory", lastName: "Support", country: "NL", passwordMode: "reset" }),
    );
    const { created, attacker } = await supportMovesAdminsAddressToOwn(support.sessionToken);
    // Answered as if the address were free: word for word what a fresh address gets.
    const shape = (answer: unknown, email: string) =>
      JSON.stringify(answer)
        .replaceAll(email, "<email>")
        .replace(/\d{3,}/g, "<id>");
    expect(shape(created, ADMIN)).toBe(shape(fresh, FRESH));

    await expectAdminUntouched(admin.userId, admin.sessionToken);
    expect(attacker.userId).not.toBe(admin.userId);
    expect(await viewerOf(attacker.sessionToken)).toMatchObject({ email: SUPPORTS_OWN, role: "driver" });
    holder.sessionToken = attacker.sessionToken;
    expect(await grantStaffRoleAction(IDLE, formOf({ email: SUPPORT, role: "admin" }))).toMatchObject({
      status: "error",
    });
    expect((await accountWith(SUPPORT))?.role).toBe("support");
    expect((await mailsTo(ADMIN)).map((m) => m.subject)).toContain(
      "A driver account was created with your staff address",
    );
  });

  it("an anonymous sign-up with a staff address neither renames nor links the staff account", async () => {
    const admin = await signedIn(ADMIN);
    const answer = await signUpAction(
      IDLE,
      formOf({ email: ADMIN, password: "attacker-1", firstName: "Mallory", lastName: "Anon", country: "NL" }),
    ).catch((error: { digest?: string }) => error.digest);
    for (const task of holder.after) await task();
    await expectAdminUntouched(admin.userId, admin.sessionToken);
    // The answer every address gets: "check your e-mail".
    expect(answer).toBe("NEXT_REDIRECT;replace;/check-your-email?for=sign-up;307;");
    expect(await mailsTo(ADMIN)).toHaveLength(1);
  });

  it("support cannot move a staff account that is also a driver, and a staff member cannot move their own", async () => {
    const support = await signedIn(SUPPORT, { passkey: true });
    await h.db.db.update(users).set({ platformUserId: 1002 }).where(eq(users.email, ADMIN));
    const admin = await signedIn(ADMIN);
    holder.sessionToken = support.sessionToken;
    expect(await changeDriverEmailAction(1002, IDLE, formOf({ email: SUPPORTS_OWN }))).toMatchObject({
      status: "error",
    });
    expect((await h.client.users.getUser(1002)).email).not.toBe(SUPPORTS_OWN);
    holder.sessionToken = admin.sessionToken;
    expect(await changeEmailAction(IDLE, formOf({ email: SUPPORTS_OWN }))).toMatchObject({
      status: "error",
      code: "staff",
    });
    expect(await h.db.db.select().from(emailChanges)).toEqual([]);
    expect(await accountWith(ADMIN)).toMatchObject({ id: admin.userId, role: "admin" });
  });
});

describe("N1, production chain: STAFF_REQUIRE_PASSKEY on", () => {
  beforeEach(() => {
    holder.staffRequirePasskey = true;
  });

  it("against an admin without a passkey: the moved address's passkey signs in to no staff session", async () => {
    const admin = await signedIn(ADMIN);
    const support = await signedIn(SUPPORT, { passkey: true });
    const { attacker } = await supportMovesAdminsAddressToOwn(support.sessionToken);

    holder.sessionToken = attacker.sessionToken;
    const enrolled = await enrolPasskey();
    // A driver may add a passkey to their own account; it must not be the admin's.
    expect(enrolled.status).toBe(200);
    const passkeySession = await signInWithPasskey(enrolled.device!);
    expect(await viewerOf(passkeySession)).toMatchObject({ email: SUPPORTS_OWN, role: "driver" });
    holder.sessionToken = passkeySession;
    expect(await grantStaffRoleAction(IDLE, formOf({ email: SUPPORT, role: "admin" }))).toMatchObject({
      status: "error",
    });

    await expectAdminUntouched(admin.userId, admin.sessionToken);
    // The admin still enrols their own first passkey from their link session.
    holder.sessionToken = admin.sessionToken;
    expect((await enrolPasskey()).status).toBe(200);
  });

  it("against an admin with a passkey: not locked out, not signed out, the passkey kept", async () => {
    const admin = await signedIn(ADMIN);
    holder.sessionToken = admin.sessionToken;
    const adminsDevice = (await enrolPasskey()).device!;
    const support = await signedIn(SUPPORT, { passkey: true });
    await supportMovesAdminsAddressToOwn(support.sessionToken);

    await expectAdminUntouched(admin.userId, admin.sessionToken);
    expect(await h.db.db.select({ userId: passkeys.userId }).from(passkeys)).toEqual([{ userId: admin.userId }]);
    expect((await signedIn(ADMIN)).userId).toBe(admin.userId);
    expect(await viewerOf(await signInWithPasskey(adminsDevice))).toMatchObject({ email: ADMIN, role: "admin" });
  });
});

describe("N1, the rules behind it", () => {
  beforeEach(() => {
    holder.staffRequirePasskey = true;
  });

  it("a staff member's address changes only on the staff page, by an admin: the role waits for a link to the new address", async () => {
    const support = await signedIn(SUPPORT);
    holder.sessionToken = support.sessionToken;
    await enrolPasskey();
    const admin = await signedIn(ADMIN, { passkey: true });
    holder.sessionToken = admin.sessionToken;
    const moved = await changeStaffEmailAction(IDLE, formOf({ email: SUPPORT, newEmail: "sam.new@example.com" }));
    expect(moved).toMatchObject({ status: "ok" });

    // Every session and passkey of the account ended; until the link, it is a driver account.
    expect(await viewerOf(support.sessionToken)).toBeNull();
    expect(await h.db.db.select().from(passkeys)).toEqual([]);
    expect(await accountWith("sam.new@example.com")).toMatchObject({
      id: support.userId,
      role: "driver",
      emailVerified: null,
    });
    expect((await mailsTo(SUPPORT)).map((m) => m.subject)).toContain("Your Driver Portal e-mail address was changed");

    const back = await signedIn("sam.new@example.com");
    expect(back.userId).toBe(support.userId);
    expect(await viewerOf(back.sessionToken)).toMatchObject({ role: "support" });
    holder.sessionToken = back.sessionToken;
    expect((await enrolPasskey()).status).toBe(200);
    // An admin's own address is not changed here.
    holder.sessionToken = admin.sessionToken;
    expect(await changeStaffEmailAction(IDLE, formOf({ email: ADMIN, newEmail: "ada.new@example.com" }))).toMatchObject(
      { status: "error", code: "self" },
    );
  });

  it("the first staff passkey comes only from a link to the address of the grant, or after an admin's reset", async () => {
    // A staff account whose address is not the one its role was granted to (an old change, say).
    await h.db.db.update(users).set({ staffEnrolEmail: "earlier@example.com" }).where(eq(users.email, SUPPORT));
    const support = await signedIn(SUPPORT);
    holder.sessionToken = support.sessionToken;
    expect((await enrolPasskey()).status).toBe(403);
    expect(await h.db.db.select().from(passkeys)).toEqual([]);

    holder.sessionToken = (await signedIn(ADMIN, { passkey: true })).sessionToken;
    expect(await resetStaffPasskeysAction(IDLE, formOf({ email: SUPPORT }))).toMatchObject({ status: "ok" });
    holder.sessionToken = (await signedIn(SUPPORT)).sessionToken;
    expect((await enrolPasskey()).status).toBe(200);
  });

  it("a staff e-mail change of a driver ends every session and removes every passkey of the account", async () => {
    const driver = await signedIn("driver@example.com");
    holder.sessionToken = driver.sessionToken;
    expect((await enrolPasskey()).status).toBe(200);
    holder.sessionToken = (await signedIn(SUPPORT, { passkey: true })).sessionToken;
    expect(await changeDriverEmailAction(1001, IDLE, formOf({ email: "demi.moved@example.com" }))).toMatchObject({
      status: "ok",
    });
    expect(await viewerOf(driver.sessionToken)).toBeNull();
    expect(await h.db.db.select().from(passkeys)).toEqual([]);
    expect(await accountWith("demi.moved@example.com")).toMatchObject({ id: driver.userId, role: "driver" });
  });
});

describe("issue 33, R4-2: a staff grant keeps no passkey or session from the account's driver days", () => {
  const DORA = "dora.driver@example.com";
  beforeEach(() => {
    holder.staffRequirePasskey = true;
  });

  /** The admin (in a passkey session) grants `role` to `email`. */
  async function adminGrants(email: string, role: "support" | "admin") {
    holder.sessionToken = (await signedIn(ADMIN, { passkey: true })).sessionToken;
    return grantStaffRoleAction(IDLE, formOf({ email, role }));
  }

  it("path 1: a passkey added while a driver signs in to no staff session; the staff member enrols from a new link", async () => {
    // Whoever once had Dora's mailbox (or browser) adds a passkey of their own while the account is a driver's.
    const intruder = await signedIn(DORA);
    holder.sessionToken = intruder.sessionToken;
    const planted = await enrolPasskey();
    expect(planted.status).toBe(200);

    expect(await adminGrants(DORA, "support")).toMatchObject({ status: "ok" });
    expect(await h.db.db.select().from(passkeys)).toEqual([]);
    expect(await viewerOf(intruder.sessionToken)).toBeNull();
    const start = await handlers.signInOptionsHandler(post("/api/passkeys/sign-in/options", {}));
    const { challengeId, options } = await start.json();
    const refused = await handlers.signInHandler(
      post("/api/passkeys/sign-in", {
        challengeId,
        response: planted.device!.authenticate(options, { origin: ORIGIN }),
      }),
    );
    expect(refused.status).toBe(400);

    // The grant mail says what happened and where the first staff passkey comes from.
    const [mail] = (await mailsTo(DORA)).filter((m) => m.subject.includes("support role"));
    expect(mail?.subject).toBe("You now have the support role on Driver Portal");
    expect(mail?.text).toContain("every passkey it had was removed");
    expect(mail?.text).toContain(`sign-in link sent to ${DORA}`);

    // Dora follows a new link and enrols her own first staff passkey there.
    holder.sessionToken = (await signedIn(DORA)).sessionToken;
    const own = await enrolPasskey();
    expect(own.status).toBe(200);
    expect(await viewerOf(await signInWithPasskey(own.device!))).toMatchObject({
      email: DORA,
      role: "support",
      signInMethod: "passkey",
    });
  });

  it("path 2: a link session opened while the account was a driver enrols no staff passkey after the grant", async () => {
    const before = await signedIn(DORA);
    expect(await adminGrants(DORA, "support")).toMatchObject({ status: "ok" });
    // The grant ended it: the 30-day session from the driver days is gone.
    expect(await viewerOf(before.sessionToken)).toBeNull();
    holder.sessionToken = before.sessionToken;
    expect((await enrolPasskey()).status).toBe(401);

    // And a session from before the grant that survived anyway (opened in the same instant) is no enrolment session.
    const slipped = await signedIn(DORA);
    const [account] = await h.db.db.select().from(users).where(eq(users.email, DORA));
    await h.db.db
      .update(sessions)
      .set({ createdAt: new Date(account!.staffGrantedAt!.getTime() - 1_000) })
      .where(eq(sessions.sessionToken, slipped.sessionToken));
    holder.sessionToken = slipped.sessionToken;
    expect((await enrolPasskey()).status).toBe(403);
    expect(await h.db.db.select().from(passkeys)).toEqual([]);
  });

  it("an invite redeemed by a link sign-in: that session, opened at the grant, enrols the first staff passkey", async () => {
    // An account whose address an admin set (unverified): the role waits in an invite for a link to it.
    await h.db.db.insert(users).values({ email: DORA, role: "driver" });
    expect(await adminGrants(DORA, "support")).toMatchObject({
      status: "ok",
      message: expect.stringMatching(/invite/),
    });
    const redeeming = await signedIn(DORA);
    expect(await viewerOf(redeeming.sessionToken)).toMatchObject({ role: "support" });
    expect((await mailsTo(DORA)).map((m) => m.subject)).toContain("You now have the support role on Driver Portal");
    holder.sessionToken = redeeming.sessionToken;
    expect((await enrolPasskey()).status).toBe(200);
  });
});
