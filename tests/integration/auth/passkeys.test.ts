import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Viewer } from "@/lib/core/auth/viewer";
import {
  auditLog,
  mailOutbox,
  passkeyChallenges,
  passkeys,
  rateLimitCounters,
  sessions,
  users,
} from "@/lib/core/db/schema";
import { IDLE, formOf } from "../../support/action-form";
import { createSoftAuthenticator, type SoftAuthenticator } from "../../support/soft-authenticator";
import { openTestDatabase } from "../../support/test-db";
import { holdClockStill } from "../../support/still-clock";

/**
 * Passkeys end to end on the server: the four /api/passkeys handlers with a software authenticator
 * (tests/support/soft-authenticator.ts) that @simplewebauthn/server verifies for real, a test
 * database, the rename/remove actions, the staff passkey rule and the admin reset. Only Next's
 * request context (headers, the signed-in viewer) and the portal origin are faked.
 */
const ORIGIN = "http://localhost:3100";
const CHROME_ON_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const holder = vi.hoisted(() => ({
  db: null as unknown as import("@/lib/core/db/connect").OpenedDatabase,
  viewer: null as import("@/lib/core/auth/viewer").Viewer | null,
  staffRequirePasskey: false,
}));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.db.db }));
vi.mock("@/lib/core/auth/viewer", () => ({ getViewer: async () => holder.viewer }));
vi.mock("@/lib/core/auth/site-origin", () => ({ siteOrigin: async () => "http://localhost:3100" }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36" }),
}));
vi.mock("next/cache", () => ({ refresh: vi.fn(), revalidatePath: vi.fn() }));
vi.mock("@/lib/core/config", async (original) =>
  (await import("../../support/config-override")).configWith(original, (config) => ({
    ...config,
    auth: { ...config.auth, staffRequirePasskey: holder.staffRequirePasskey },
  })),
);

const handlers = await import("@/lib/features/passkeys/route-handlers");
const { renamePasskeyAction } = await import("@/lib/features/passkeys/actions/rename-passkey");
const { removePasskeyAction } = await import("@/lib/features/passkeys/actions/remove-passkey");
const { resetStaffPasskeysAction } = await import("@/lib/features/admin/actions/reset-staff-passkeys");
const { grantStaffRoleAction } = await import("@/lib/features/admin/actions/grant-staff-role");
const { consumeChallenge, issueChallenge, CHALLENGE_TTL_MS } = await import("@/lib/features/passkeys/challenges");
const { staffMember } = await import("@/lib/core/route-handlers/access");
const { routeHandler } = await import("@/lib/core/route-handlers/route-handler");

const viewer = (userId: string, email: string, role: Viewer["role"], signInMethod?: "email" | "passkey"): Viewer => ({
  userId,
  email,
  name: null,
  role,
  platformUserId: role === "driver" ? 1001 : null,
  signInMethod,
  // A link (or passkey) session opened now, after any grant.
  sessionOpenedAt: new Date(),
});
const ANNA = viewer("u-anna", "anna@example.com", "driver");
const BERT = viewer("u-bert", "bert@example.com", "driver");
const SAM = viewer("u-sam", "sam.support@example.com", "support");
const ADA = viewer("u-ada", "ada.admin@example.com", "admin", "passkey");

beforeAll(async () => {
  holder.db = await openTestDatabase();
});
afterAll(() => holder.db.close());
beforeEach(async () => {
  const { db } = holder.db;
  for (const table of [auditLog, mailOutbox, passkeyChallenges, passkeys, rateLimitCounters, sessions, users])
    await db.delete(table);
  await db.insert(users).values(
    [ANNA, BERT, SAM, ADA].map((v) => ({
      id: v.userId,
      email: v.email,
      role: v.role,
      emailVerified: new Date(),
      // Staff got their role at this address: a link to it may enrol their first passkey.
      staffEnrolEmail: v.role === "driver" ? null : v.email,
      staffGrantedAt: v.role === "driver" ? null : new Date(0),
    })),
  );
  holder.viewer = null;
  holder.staffRequirePasskey = false;
});

const post = (path: string, body: unknown) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    // Next sets x-forwarded-proto on every request; the cookie's name follows it without AUTH_URL.
    headers: {
      "content-type": "application/json",
      origin: ORIGIN,
      "user-agent": CHROME_ON_LINUX,
      "x-forwarded-proto": "http",
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

async function call(handler: (request: Request) => Promise<Response>, path: string, body: unknown = {}) {
  const response = await handler(post(path, body));
  return { status: response.status, body: await response.json(), cookie: response.headers.get("set-cookie") };
}

/** Adds a passkey for `as` through the two registration handlers; the device that holds it. */
async function enrol(as: Viewer, name = ""): Promise<SoftAuthenticator> {
  holder.viewer = as;
  const device = createSoftAuthenticator();
  const start = await call(handlers.registrationOptionsHandler, "/api/passkeys/registration/options");
  expect(start.status).toBe(200);
  const done = await call(handlers.registrationHandler, "/api/passkeys/registration", {
    challengeId: start.body.challengeId,
    response: device.register(start.body.options, { origin: ORIGIN }),
    name,
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  holder.viewer = null;
  return device;
}

async function signInOptions() {
  const start = await call(handlers.signInOptionsHandler, "/api/passkeys/sign-in/options");
  expect(start.status).toBe(200);
  return start.body as { challengeId: string; options: Parameters<SoftAuthenticator["authenticate"]>[0] };
}

const signIn = (body: unknown) => call(handlers.signInHandler, "/api/passkeys/sign-in", body);
const NOT_ACCEPTED = "This passkey could not be verified. Try again, or sign in with an e-mail link.";
const GONE = "This passkey request has expired or was already used. Please try again.";

async function sessionRows() {
  return holder.db.db.select({ userId: sessions.userId, method: sessions.signInMethod }).from(sessions);
}

describe("a driver's passkey", () => {
  it("is added (named after the browser, mailed), signs in to a passkey session, and counts its uses", async () => {
    const device = await enrol(ANNA);
    const [stored] = await holder.db.db.select().from(passkeys);
    expect(stored).toMatchObject({ userId: ANNA.userId, name: "Chrome on Linux", counter: 0, lastUsedAt: null });
    const mails = await holder.db.db.select().from(mailOutbox);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [ANNA.email, "A passkey was added to your Driver Portal account"],
    ]);

    const { challengeId, options } = await signInOptions();
    const answer = await signIn({
      challengeId,
      response: device.authenticate(options, { origin: ORIGIN, userHandle: ANNA.userId }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ redirectTo: "/account" });
    expect(answer.cookie).toMatch(/^authjs\.session-token=[0-9a-f-]{36}; Path=\/; HttpOnly; SameSite=Lax; Expires=/);
    expect(await sessionRows()).toEqual([{ userId: ANNA.userId, method: "passkey" }]);
    const [used] = await holder.db.db.select().from(passkeys);
    expect(used!.counter).toBe(1);
    expect(used!.lastUsedAt).toBeInstanceOf(Date);
  });

  it("over HTTPS its session cookie is the __Secure- one, marked Secure (issue 22)", async () => {
    const device = await enrol(ANNA);
    const { challengeId, options } = await signInOptions();
    const request = post("/api/passkeys/sign-in", {
      challengeId,
      response: device.authenticate(options, { origin: ORIGIN }),
    });
    request.headers.set("x-forwarded-proto", "https");
    const response = await handlers.signInHandler(request);
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(
      /^__Secure-authjs\.session-token=[0-9a-f-]{36}; Path=\/; HttpOnly; SameSite=Lax; Expires=[^;]+; Secure$/,
    );
  });

  it("its notice mail goes in the language the account chose", async () => {
    await holder.db.db.update(users).set({ locale: "de" }).where(eq(users.id, ANNA.userId));
    await enrol(ANNA, "Arbeitslaptop");
    const [mail] = await holder.db.db.select().from(mailOutbox);
    expect(mail?.subject).toBe("Ihrem Driver-Portal-Konto wurde ein Passkey hinzugefügt");
    expect(mail?.text).toMatch(
      /^Der Passkey „Arbeitslaptop“ wurde am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Ihrem Driver-Portal-Konto hinzugefügt\./,
    );
  });

  it("a staff passkey lands on /admin, and an own return path is kept", async () => {
    const device = await enrol(ADA);
    const first = await signInOptions();
    expect(
      (
        await signIn({
          challengeId: first.challengeId,
          response: device.authenticate(first.options, { origin: ORIGIN }),
        })
      ).body,
    ).toEqual({ redirectTo: "/admin" });
    const second = await signInOptions();
    const back = await signIn({
      challengeId: second.challengeId,
      callbackUrl: "https://evil.example/admin",
      response: device.authenticate(second.options, { origin: ORIGIN }),
    });
    expect(back.body).toEqual({ redirectTo: "/admin" });
  });
});

describe("bad answers are 4xx with a clear message, never a session", () => {
  it("a forged assertion (signature changed)", async () => {
    const device = await enrol(ANNA);
    const { challengeId, options } = await signInOptions();
    const response = device.authenticate(options, { origin: ORIGIN });
    const signature = Buffer.from(response.response.signature, "base64url");
    signature[signature.length - 1]! ^= 0xff;
    response.response.signature = signature.toString("base64url");
    expect(await signIn({ challengeId, response })).toMatchObject({ status: 400, body: { error: NOT_ACCEPTED } });
    expect(await sessionRows()).toEqual([]);
  });

  it("a challenge replayed: the same answer twice, and a challenge used for a second answer", async () => {
    const device = await enrol(ANNA);
    const { challengeId, options } = await signInOptions();
    const body = { challengeId, response: device.authenticate(options, { origin: ORIGIN }) };
    expect((await signIn(body)).status).toBe(200);
    // Marked expired, so the browser starts a fresh sign-in whatever language the words are in.
    expect(await signIn(body)).toMatchObject({ status: 400, body: { error: GONE, expired: true } });
    const fresh = { challengeId, response: device.authenticate(options, { origin: ORIGIN }) };
    expect(await signIn(fresh)).toMatchObject({ status: 400, body: { error: GONE } });
    expect(await sessionRows()).toHaveLength(1);
  });

  it("a credential of another user: another's credential id, or another account named by the browser", async () => {
    await enrol(ANNA);
    const bertDevice = await enrol(BERT);
    const annaId = (await holder.db.db.select().from(passkeys).where(eq(passkeys.userId, ANNA.userId)))[0]!.id;
    const claimed = await signInOptions();
    const claim = bertDevice.authenticate(claimed.options, { origin: ORIGIN, credentialId: annaId });
    expect(await signIn({ challengeId: claimed.challengeId, response: claim })).toMatchObject({
      status: 400,
      body: { error: NOT_ACCEPTED },
    });
    const named = await signInOptions();
    const otherHandle = bertDevice.authenticate(named.options, { origin: ORIGIN, userHandle: ANNA.userId });
    expect(await signIn({ challengeId: named.challengeId, response: otherHandle })).toMatchObject({ status: 400 });
    expect(await sessionRows()).toEqual([]);
  });

  it("an assertion made for another origin, or another RP ID", async () => {
    const device = await enrol(ANNA);
    for (const at of [{ origin: "https://evil.example" }, { origin: ORIGIN, rpID: "evil.example" }]) {
      const { challengeId, options } = await signInOptions();
      expect(await signIn({ challengeId, response: device.authenticate(options, at) })).toMatchObject({
        status: 400,
        body: { error: NOT_ACCEPTED },
      });
    }
    expect(await sessionRows()).toEqual([]);
  });

  it("a cloned authenticator whose counter is lower than the stored one", async () => {
    const device = await enrol(ANNA);
    const clone = device.clone();
    for (let i = 0; i < 2; i += 1) {
      const { challengeId, options } = await signInOptions();
      expect((await signIn({ challengeId, response: device.authenticate(options, { origin: ORIGIN }) })).status).toBe(
        200,
      );
    }
    const { challengeId, options } = await signInOptions();
    expect(await signIn({ challengeId, response: clone.authenticate(options, { origin: ORIGIN }) })).toMatchObject({
      status: 400,
      body: { error: NOT_ACCEPTED },
    });
    expect((await holder.db.db.select().from(passkeys))[0]!.counter).toBe(2);
  });

  it("a body that is no JSON, the wrong shape, or an unknown challenge", async () => {
    for (const body of ["not json", { challengeId: "x" }, { challengeId: "A".repeat(32), response: { id: "z" } }, []])
      expect(await signIn(body)).toMatchObject({
        status: 400,
        body: { error: expect.stringMatching(/could not be read/) },
      });
    const device = await enrol(ANNA);
    const { options } = await signInOptions();
    expect(
      await signIn({ challengeId: "B".repeat(32), response: device.authenticate(options, { origin: ORIGIN }) }),
    ).toMatchObject({ status: 400, body: { error: GONE } });
    holder.viewer = ANNA;
    expect((await call(handlers.registrationHandler, "/api/passkeys/registration", "{")).status).toBe(400);
  });

  it("a registration answered for another account's challenge is refused", async () => {
    holder.viewer = ANNA;
    const start = await call(handlers.registrationOptionsHandler, "/api/passkeys/registration/options");
    holder.viewer = BERT;
    const done = await call(handlers.registrationHandler, "/api/passkeys/registration", {
      challengeId: start.body.challengeId,
      response: createSoftAuthenticator().register(start.body.options, { origin: ORIGIN }),
    });
    expect(done).toMatchObject({ status: 400, body: { error: GONE } });
    expect(await holder.db.db.select().from(passkeys)).toEqual([]);
  });

  it("adding a passkey needs a sign-in", async () => {
    expect((await call(handlers.registrationOptionsHandler, "/api/passkeys/registration/options")).status).toBe(401);
  });
});

describe("races and limits", () => {
  it("options fetched while a staff member had no passkey cannot enrol one after another was added", async () => {
    holder.staffRequirePasskey = true;
    const samByLink = { ...SAM, signInMethod: "email" as const };
    holder.viewer = samByLink;
    const early = await call(handlers.registrationOptionsHandler, "/api/passkeys/registration/options");
    expect(early.status).toBe(200);
    await enrol(samByLink);
    holder.viewer = samByLink;
    const late = await call(handlers.registrationHandler, "/api/passkeys/registration", {
      challengeId: early.body.challengeId,
      response: createSoftAuthenticator().register(early.body.options, { origin: ORIGIN }),
    });
    expect(late.status).toBe(403);
    expect(await holder.db.db.select().from(passkeys)).toHaveLength(1);
  });

  it("a counter near 2^32 is stored and checked, not a 500", async () => {
    const device = await enrol(ANNA);
    device.counter = 0xfffffff0;
    const { challengeId, options } = await signInOptions();
    expect((await signIn({ challengeId, response: device.authenticate(options, { origin: ORIGIN }) })).status).toBe(
      200,
    );
    expect((await holder.db.db.select().from(passkeys))[0]!.counter).toBe(0xfffffff1);
  });

  it("passkey sign-ins are limited per client address: the 61st in a minute is a 429", async () => {
    // On the real clock a run across a minute's end restarts the count (or is told "1 second").
    holdClockStill();
    try {
      for (let i = 0; i < 60; i += 1)
        expect((await call(handlers.signInOptionsHandler, "/api/passkeys/sign-in/options")).status).toBe(200);
      const refused = await call(handlers.signInOptionsHandler, "/api/passkeys/sign-in/options");
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe("Too many passkey sign-ins from here just now. Try again in 30 seconds.");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("issue 33, R4-4: a sign-in lock-out never reaches a passkey holder", () => {
  it("with every sign-in mail of the address used up by another client, the passkey still signs in", async () => {
    const device = await enrol(ANNA);
    const { consumeSignInMailLimits } = await import("@/lib/core/auth/sign-in-limits");
    const attacker = { client: "198.51.100.66", knownBrowser: false };
    for (let i = 0; i < 5; i++) expect(await consumeSignInMailLimits(ANNA.email, attacker)).toEqual({ allowed: true });
    expect(await consumeSignInMailLimits(ANNA.email, attacker)).toMatchObject({ allowed: false });

    const { challengeId, options } = await signInOptions();
    const answer = await signIn({ challengeId, response: device.authenticate(options, { origin: ORIGIN }) });
    expect(answer.status).toBe(200);
    expect(await sessionRows()).toEqual([{ userId: ANNA.userId, method: "passkey" }]);
  });
});

describe("challenges", () => {
  it("expire after five minutes and are used once", async () => {
    const { db } = holder.db;
    const now = new Date("2026-06-01T08:00:00Z");
    const expected = { purpose: "sign-in" as const, userId: null };
    const late = await issueChallenge(db, { challenge: "c1", ...expected }, now);
    expect(await consumeChallenge(db, late, expected, new Date(now.getTime() + CHALLENGE_TTL_MS))).toBeNull();
    const once = await issueChallenge(db, { challenge: "c2", ...expected }, now);
    expect(await consumeChallenge(db, once, expected, new Date(now.getTime() + CHALLENGE_TTL_MS - 1))).toBe("c2");
    expect(await consumeChallenge(db, once, expected, now)).toBeNull();
    const other = await issueChallenge(db, { challenge: "c3", purpose: "register", userId: ANNA.userId }, now);
    expect(await consumeChallenge(db, other, expected, now)).toBeNull();
  });
});

describe("rename and remove", () => {
  it("the owner renames and removes their own passkey (mailed); another account's is not found", async () => {
    await enrol(ANNA);
    const [own] = await holder.db.db.select().from(passkeys);
    holder.viewer = BERT;
    expect(await removePasskeyAction(IDLE, formOf({ id: own!.id }))).toMatchObject({ code: "not-found" });
    expect(await renamePasskeyAction(IDLE, formOf({ id: own!.id, name: "Mine now" }))).toMatchObject({
      code: "not-found",
    });
    holder.viewer = ANNA;
    expect(await renamePasskeyAction(IDLE, formOf({ id: own!.id, name: "  " }))).toMatchObject({
      status: "invalid",
      fieldErrors: { name: ["Give the passkey a name."] },
      values: { id: own!.id, name: "  " },
    });
    expect(await renamePasskeyAction(IDLE, formOf({ id: own!.id, name: "Work laptop" }))).toEqual({
      status: "ok",
      message: "The passkey is now called “Work laptop”.",
    });
    expect(await removePasskeyAction(IDLE, formOf({ id: own!.id }))).toEqual({
      status: "ok",
      message: "The passkey “Work laptop” was removed. You can still sign in with an e-mail link.",
    });
    expect(await holder.db.db.select().from(passkeys)).toEqual([]);
    const subjects = (await holder.db.db.select().from(mailOutbox)).map((m) => m.subject);
    expect(subjects).toContain("A passkey was removed from your Driver Portal account");
    holder.viewer = null;
    expect(await removePasskeyAction(IDLE, formOf({ id: own!.id }))).toMatchObject({ code: "unauthorized" });
  });
});

describe("STAFF_REQUIRE_PASSKEY", () => {
  const adminHandler = routeHandler({
    scope: "test",
    words: { doing: "doing.generic" },
    access: staffMember("support"),
    run: async () => Response.json({ ok: true }),
  });

  it("an e-mail-link staff session is refused by staff route handlers and actions (audited), a passkey session is not", async () => {
    holder.staffRequirePasskey = true;
    holder.viewer = { ...SAM, signInMethod: "email" };
    const refused = await adminHandler(new Request(`${ORIGIN}/api/admin/x`));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: "Staff pages need a sign-in with your passkey. Open /admin/security.",
    });
    holder.viewer = { ...ADA, signInMethod: "email" };
    const action = await grantStaffRoleAction(IDLE, formOf({ email: "new@example.com", role: "support" }));
    expect(action).toMatchObject({ status: "error", code: "forbidden" });
    const [audit] = await holder.db.db.select().from(auditLog);
    expect(audit).toMatchObject({
      action: "role.grant",
      outcome: "failure",
      error: "Access denied: needs a passkey sign-in",
    });

    holder.viewer = { ...SAM, signInMethod: "passkey" };
    expect((await adminHandler(new Request(`${ORIGIN}/api/admin/x`))).status).toBe(200);
    holder.staffRequirePasskey = false;
    holder.viewer = { ...SAM, signInMethod: "email" };
    expect((await adminHandler(new Request(`${ORIGIN}/api/admin/x`))).status).toBe(200);
  });

  it("an e-mail-link staff session may enrol the first passkey only; more needs a passkey session", async () => {
    holder.staffRequirePasskey = true;
    const samByLink = { ...SAM, signInMethod: "email" as const };
    await enrol(samByLink);
    holder.viewer = samByLink;
    const second = await call(handlers.registrationOptionsHandler, "/api/passkeys/registration/options");
    expect(second.status).toBe(403);
    expect(second.body.error).toMatch(/^You already have a passkey: sign in with it/);
    const [own] = await holder.db.db.select().from(passkeys);
    expect(await removePasskeyAction(IDLE, formOf({ id: own!.id }))).toMatchObject({ code: "forbidden" });
    holder.viewer = { ...SAM, signInMethod: "passkey" };
    expect((await call(handlers.registrationOptionsHandler, "/api/passkeys/registration/options")).status).toBe(200);
  });

  it("an admin resets a staff member's passkeys: gone, every session of theirs ended, audited, mailed", async () => {
    const device = await enrol(SAM);
    const { challengeId, options } = await signInOptions();
    expect((await signIn({ challengeId, response: device.authenticate(options, { origin: ORIGIN }) })).status).toBe(
      200,
    );
    await holder.db.db.insert(sessions).values({
      sessionToken: "sam-by-link",
      userId: SAM.userId,
      expires: new Date(Date.now() + 86_400_000),
    });
    holder.viewer = ADA;
    expect(await resetStaffPasskeysAction(IDLE, formOf({ email: SAM.email }))).toMatchObject({ status: "ok" });
    expect(await holder.db.db.select().from(passkeys)).toEqual([]);
    // The e-mail-link session too: an older link session must not be the one that enrols next.
    expect(await sessionRows()).toEqual([]);
    const audits = await holder.db.db.select().from(auditLog);
    expect(audits).toEqual([
      expect.objectContaining({ action: "staff.passkeys.reset", outcome: "success", actorEmail: ADA.email }),
    ]);
    const subjects = (await holder.db.db.select().from(mailOutbox)).map((m) => [m.to, m.subject]);
    expect(subjects).toContainEqual([SAM.email, "Your Driver Portal passkeys were reset"]);
    holder.viewer = SAM;
    expect(await resetStaffPasskeysAction(IDLE, formOf({ email: ADA.email }))).toMatchObject({ code: "forbidden" });
    holder.viewer = ADA;
    expect(await resetStaffPasskeysAction(IDLE, formOf({ email: ANNA.email }))).toMatchObject({ status: "error" });
  });
});
