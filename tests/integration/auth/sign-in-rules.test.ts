import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { mailOutbox, rateLimitCounters, sessions, users, verificationTokens } from "@/lib/core/db/schema";
import { DEMO_DRIVER_EMAIL } from "@/emulators/platform";
import { serviceHarnessForSuite } from "../../support/service-harness";
import { testDriver } from "../../support/test-db";
import { holdClockStill } from "../../support/still-clock";

/**
 * The sign-in rules (Findings 3, 4 and 6 of issue 11) with the real Auth.js, the app's Auth.js
 * configuration and route, a test database and the platform emulator in process. Only Next's request
 * context is faked: the request headers, after() (work queued until the test runs it, as Next runs it
 * once the response is sent) and redirect().
 */
const ORIGIN = "http://localhost:3000";
const SECRET = "sign-in-rules-test-secret-0123456789abcdef";
const UNKNOWN = "nobody.here@example.com";
const PER_ADDRESS_LIMIT = 5;

const context = vi.hoisted(() => ({
  harness: null as unknown as import("../driver-services/harness").ServiceHarness,
  headers: new Headers(),
  afterTasks: [] as (() => unknown)[],
  setCookies: [] as { name: string; value: string; options: unknown }[],
}));
vi.mock("@/lib/platform", () => ({ getPlatform: () => context.harness.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => context.harness.db.db }));
vi.mock("next/headers", () => ({
  headers: async () => context.headers,
  cookies: async () => ({
    get: () => undefined,
    getAll: () => [],
    has: () => false,
    set: (name: string, value: string, options: unknown) => void context.setCookies.push({ name, value, options }),
    delete: () => undefined,
  }),
}));
vi.mock("next/server", async (original) => ({
  ...(await original<object>()),
  after: (task: () => unknown) => void context.afterTasks.push(task),
}));
class Redirected extends Error {
  constructor(readonly location: string) {
    super(`redirect ${location}`);
  }
}
vi.mock("next/navigation", () => ({
  redirect: (location: string) => {
    throw new Redirected(location);
  },
}));

process.env.AUTH_SECRET = SECRET;
for (const name of [
  "AUTH_URL",
  "ADMIN_EMAILS",
  "SMTP_URL",
  "PLATFORM_BASE_URL",
  "LIMIT_SIGNIN_PER_EMAIL",
  "LIMIT_SIGNIN_PER_CLIENT",
])
  delete process.env[name];
(globalThis as { __driverPortalConfig?: unknown }).__driverPortalConfig = undefined;

const { handlers } = await import("@/lib/core/auth");
const route = await import("@/app/api/auth/[...nextauth]/route");
const { requestSignInLinkAction } = await import("@/lib/features/sign-in/actions/request-sign-in-link");
const { SENT_TO_COOKIE } = await import("@/lib/core/auth/mail-sent-to");

const h = serviceHarnessForSuite({ seams: context, resetBeforeEach: false });
beforeEach(async () => {
  context.headers = new Headers({ "x-forwarded-for": "203.0.113.7" });
  context.afterTasks.length = 0;
  context.setCookies.length = 0;
  for (const table of [mailOutbox, rateLimitCounters, verificationTokens, sessions, users]) await h.db.db.delete(table);
});

const mailsTo = (email: string) => h.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const tokensFor = (email: string) =>
  h.db.db.select().from(verificationTokens).where(eq(verificationTokens.identifier, email));
const accountsOf = (email: string) => h.db.db.select().from(users).where(eq(users.email, email));
const counted = async (bucket: string, subject: string) =>
  (
    await h.db.db
      .select()
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.bucket, bucket), eq(rateLimitCounters.subject, subject)))
  )[0]?.count ?? 0;

/** A form post to Auth.js's sign-in endpoint as a browser makes it: CSRF token from /api/auth/csrf, cookie and field. */
async function postToAuthJsSignIn(email: string, post: (request: NextRequest) => Promise<Response>): Promise<Response> {
  const csrf = await handlers.GET(new NextRequest(`${ORIGIN}/api/auth/csrf`));
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return post(
    new NextRequest(`${ORIGIN}/api/auth/signin/nodemailer`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, csrfToken, callbackUrl: `${ORIGIN}/account` }),
    }),
  );
}

/** The sign-in form, submitted: what it answered, before the work it left for after the response. */
async function submitSignInForm(email: string): Promise<string> {
  const form = new FormData();
  form.set("email", email);
  form.set("callbackUrl", "/sessions");
  try {
    const result = await requestSignInLinkAction({ status: "idle" }, form);
    return JSON.stringify(result);
  } catch (error) {
    if (error instanceof Redirected) return `redirect ${error.location}`;
    throw error;
  }
}

async function runAfterResponse(): Promise<void> {
  for (const task of context.afterTasks.splice(0)) await task();
}

function linkIn(text: string): string {
  const link = text.match(/https?:\/\/\S+\/api\/auth\/callback\/nodemailer\?\S+/)?.[0];
  expect(link, "a sign-in link in the mail").toBeDefined();
  return link as string;
}

describe(`Auth.js's own sign-in endpoint follows the portal's rules (${testDriver})`, () => {
  it("is closed: seven posts with a valid CSRF token land on the sign-in form and mail nothing", async () => {
    for (let i = 0; i < 7; i++) {
      const response = await postToAuthJsSignIn(DEMO_DRIVER_EMAIL, route.POST);
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/signin");
    }
    const unknown = await postToAuthJsSignIn(UNKNOWN, route.POST);
    expect(unknown.headers.get("location")).toBe("/signin");
    expect(await mailsTo(DEMO_DRIVER_EMAIL)).toHaveLength(0);
    expect(await mailsTo(UNKNOWN)).toHaveLength(0);
  });

  it("behind the closed route too, Auth.js issues at most the per-address limit of links for one address", async () => {
    holdClockStill();
    const answers = [];
    try {
      for (let i = 0; i < 7; i++)
        answers.push((await postToAuthJsSignIn(DEMO_DRIVER_EMAIL, handlers.POST)).headers.get("location"));
    } finally {
      vi.useRealTimers();
    }
    expect(answers.slice(0, PER_ADDRESS_LIMIT)).toEqual(
      Array(PER_ADDRESS_LIMIT).fill(`${ORIGIN}/api/auth/verify-request?provider=nodemailer&type=email`),
    );
    expect(answers.slice(PER_ADDRESS_LIMIT)).toEqual([
      `${ORIGIN}/signin?error=RateLimited`,
      `${ORIGIN}/signin?error=RateLimited`,
    ]);
    expect(await mailsTo(DEMO_DRIVER_EMAIL)).toHaveLength(PER_ADDRESS_LIMIT);
    expect(await tokensFor(DEMO_DRIVER_EMAIL)).toHaveLength(PER_ADDRESS_LIMIT);
    expect(await counted("signin-mail:email", DEMO_DRIVER_EMAIL)).toBe(7);
  });

  it("gives an unknown address the same answer as a known one, and no mail, no link and no account", async () => {
    const known = await postToAuthJsSignIn(DEMO_DRIVER_EMAIL, handlers.POST);
    const unknown = await postToAuthJsSignIn(UNKNOWN, handlers.POST);
    expect(unknown.status).toBe(known.status);
    expect(unknown.headers.get("location")).toBe(known.headers.get("location"));
    expect(await mailsTo(UNKNOWN)).toHaveLength(0);
    expect(await tokensFor(UNKNOWN)).toHaveLength(0);
    expect(await accountsOf(UNKNOWN)).toHaveLength(0);
  });

  it("refuses a link for an unknown address issued before these rules, and creates no account", async () => {
    const token = "issued-before-the-fix";
    const hashed = createHash("sha256").update(`${token}${SECRET}`).digest("hex");
    await h.db.db
      .insert(verificationTokens)
      .values({ identifier: UNKNOWN, token: hashed, expires: new Date(Date.now() + 600_000) });
    const response = await handlers.GET(
      new NextRequest(
        `${ORIGIN}/api/auth/callback/nodemailer?${new URLSearchParams({ callbackUrl: `${ORIGIN}/account`, token, email: UNKNOWN })}`,
      ),
    );
    expect(response.headers.get("location")).toBe(`${ORIGIN}/signin?error=AccessDenied`);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(false);
    expect(await accountsOf(UNKNOWN)).toHaveLength(0);
  });
});

describe(`issue 33, R4-3: every mailed link takes its origin from configuration (${testDriver})`, () => {
  it("a request with a forged Host, X-Forwarded-Host and matching Origin gets links to the configured origin only", async () => {
    const evil = "portal-login.evil.example";
    process.env.AUTH_TRUST_HOST = "true";
    (globalThis as { __driverPortalConfig?: unknown }).__driverPortalConfig = undefined;
    try {
      context.headers = new Headers({
        host: evil,
        "x-forwarded-host": evil,
        "x-forwarded-proto": "https",
        origin: `https://${evil}`,
        "x-forwarded-for": "203.0.113.9",
      });
      expect(await submitSignInForm(DEMO_DRIVER_EMAIL)).toBe("redirect /check-your-email");
      expect(await submitSignInForm(UNKNOWN)).toBe("redirect /check-your-email");
      await runAfterResponse();
    } finally {
      delete process.env.AUTH_TRUST_HOST;
      (globalThis as { __driverPortalConfig?: unknown }).__driverPortalConfig = undefined;
    }
    const [signIn] = await mailsTo(DEMO_DRIVER_EMAIL);
    expect(linkIn(signIn!.text)).toMatch(/^http:\/\/localhost:3000\/api\/auth\/callback\/nodemailer\?/);
    const [pointer] = await mailsTo(UNKNOWN);
    expect(pointer!.text).toContain("http://localhost:3000/signup");
    for (const mail of [signIn!, pointer!]) expect(`${mail.text}${mail.html}`).not.toContain(evil);
  });
});

describe(`the sign-in form does not tell whether an account exists (${testDriver})`, () => {
  it("answers a known and an unknown address alike, having only counted the limits, once each", async () => {
    h.sent.length = 0;
    const known = await submitSignInForm(DEMO_DRIVER_EMAIL);
    const unknown = await submitSignInForm(UNKNOWN);
    expect(known).toBe("redirect /check-your-email");
    expect(unknown).toBe(known);
    // Before the response: no platform lookup, no link, no mail, for either address.
    expect(h.sent).toEqual([]);
    expect(await h.db.db.select().from(verificationTokens)).toEqual([]);
    expect(await h.db.db.select().from(mailOutbox)).toEqual([]);

    await runAfterResponse();
    expect(linkIn((await mailsTo(DEMO_DRIVER_EMAIL))[0]!.text)).toContain(encodeURIComponent(`${ORIGIN}/sessions`));
    expect(await tokensFor(DEMO_DRIVER_EMAIL)).toHaveLength(1);
    const [pointer, ...more] = await mailsTo(UNKNOWN);
    expect(more).toEqual([]);
    expect(pointer!.subject).toBe("Sign-in request for Driver Portal");
    expect(pointer!.text).toContain(`${ORIGIN}/signup`);
    expect(pointer!.text).not.toContain("/api/auth/callback");
    expect(await tokensFor(UNKNOWN)).toHaveLength(0);
    // The link Auth.js issued for the form did not count the request a second time.
    for (const email of [DEMO_DRIVER_EMAIL, UNKNOWN]) expect(await counted("signin-mail:email", email)).toBe(1);
    expect(await counted("signin-mail:client", "203.0.113.7")).toBe(2);
  });

  it("remembers the address typed for 'Check your e-mail' alike for both: a cookie for that page only, never the URL (issue 36)", async () => {
    expect(await submitSignInForm(DEMO_DRIVER_EMAIL)).toBe("redirect /check-your-email");
    expect(await submitSignInForm(UNKNOWN)).toBe("redirect /check-your-email");
    const [known, unknown, ...more] = context.setCookies.filter((c) => c.name === SENT_TO_COOKIE);
    expect(more).toEqual([]);
    expect(known!.options).toMatchObject({
      path: "/check-your-email",
      maxAge: 30 * 60,
      httpOnly: true,
      sameSite: "lax",
    });
    expect(unknown!.options).toEqual(known!.options);
    expect(Buffer.from(known!.value, "base64url").toString("utf8")).toBe(DEMO_DRIVER_EMAIL);
    expect(Buffer.from(unknown!.value, "base64url").toString("utf8")).toBe(UNKNOWN);
  });

  it("still says when the limit is reached, for known and unknown addresses alike", async () => {
    holdClockStill();
    try {
      for (const email of [DEMO_DRIVER_EMAIL, UNKNOWN]) {
        for (let i = 0; i < PER_ADDRESS_LIMIT; i++)
          expect(await submitSignInForm(email)).toBe("redirect /check-your-email");
        const refused = JSON.parse(await submitSignInForm(email)) as { status: string; message: string };
        expect(refused.status).toBe("error");
        expect(refused.message).toMatch(/^Too many sign-in requests\. Try again in \d+ minutes?\.$/);
      }
    } finally {
      vi.useRealTimers();
    }
    await runAfterResponse();
    expect(await mailsTo(DEMO_DRIVER_EMAIL)).toHaveLength(PER_ADDRESS_LIMIT);
    expect(await mailsTo(UNKNOWN)).toHaveLength(PER_ADDRESS_LIMIT);
  });
});

describe(`/api/auth/session gives a script only what a page needs (${testDriver})`, () => {
  it("name, e-mail, role and expiry: no session token, no user id", async () => {
    await submitSignInForm(DEMO_DRIVER_EMAIL);
    await runAfterResponse();
    const signedIn = await handlers.GET(new NextRequest(linkIn((await mailsTo(DEMO_DRIVER_EMAIL))[0]!.text)));
    const sessionCookie = signedIn.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="))!;
    expect(sessionCookie, "following the link signs in").toBeDefined();
    const sessionToken = sessionCookie.split(";")[0]!.split("=")[1]!;
    const [account] = await accountsOf(DEMO_DRIVER_EMAIL);

    const response = await handlers.GET(
      new NextRequest(`${ORIGIN}/api/auth/session`, { headers: { cookie: `authjs.session-token=${sessionToken}` } }),
    );
    const text = await response.text();
    const body = JSON.parse(text) as { user: Record<string, unknown>; expires: string };
    expect(Object.keys(body).sort()).toEqual(["expires", "user"]);
    expect(body.user).toEqual({ name: "Demi Driver", email: DEMO_DRIVER_EMAIL, role: "driver" });
    expect(new Date(body.expires).getTime()).toBeGreaterThan(Date.now());
    expect(text).not.toContain(sessionToken);
    expect(text).not.toContain(account!.id);
    expect(text).not.toMatch(/sessionToken|userId/);
  });
});

describe(`over HTTPS, every cookie Auth.js sets is Secure (issue 22) (${testDriver})`, () => {
  it("the CSRF and return-address cookies, the session cookie a link sets, and sign-out's clearing", async () => {
    const https = "https://localhost:3000";
    context.headers = new Headers({
      "x-forwarded-for": "203.0.113.7",
      "x-forwarded-proto": "https",
      host: "localhost:3000",
    });
    const csrf = await handlers.GET(new NextRequest(`${https}/api/auth/csrf`));
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    // Links take their origin from AUTH_URL alone (issue 33): the portal's public URL is the HTTPS one.
    process.env.AUTH_URL = https;
    (globalThis as { __driverPortalConfig?: unknown }).__driverPortalConfig = undefined;
    try {
      await submitSignInForm(DEMO_DRIVER_EMAIL);
      await runAfterResponse();
    } finally {
      delete process.env.AUTH_URL;
      (globalThis as { __driverPortalConfig?: unknown }).__driverPortalConfig = undefined;
    }
    const link = linkIn((await mailsTo(DEMO_DRIVER_EMAIL))[0]!.text);
    expect(link.startsWith(`${https}/`)).toBe(true);
    const signedIn = await handlers.GET(new NextRequest(link));
    const session = signedIn.headers.getSetCookie().find((c) => c.startsWith("__Secure-authjs.session-token="));
    expect(session, "following the link signs in").toBeDefined();
    const cookie = [...csrf.headers.getSetCookie(), session!].map((c) => c.split(";")[0]).join("; ");
    const signedOut = await handlers.POST(
      new NextRequest(`${https}/api/auth/signout`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken }),
      }),
    );
    const set = [csrf, signedIn, signedOut].flatMap((response) => response.headers.getSetCookie());
    expect(set.map((c) => c.split("=")[0])).toEqual(
      expect.arrayContaining([
        "__Host-authjs.csrf-token",
        "__Secure-authjs.callback-url",
        "__Secure-authjs.session-token",
      ]),
    );
    for (const c of set) expect(c, c.split(";")[0]).toMatch(/;\s*Secure(;|$)/i);
    expect(signedOut.headers.getSetCookie().some((c) => c.startsWith("__Secure-authjs.session-token=;"))).toBe(true);
  });
});
