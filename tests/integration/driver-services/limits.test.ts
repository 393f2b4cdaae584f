import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mailOutbox, rateLimitCounters, sessions, users, verificationTokens } from "@/lib/core/db/schema";
import { DEMO_DRIVER_EMAIL, DEMO_DRIVER_ID } from "@/emulators/platform";
import { DEMO_DRIVER_VIEWER, inDialect, sentTo, TEST_DIALECT } from "./harness";
import { serviceHarnessForSuite } from "../../support/service-harness";
import { testDriver } from "../../support/test-db";

/**
 * Issue 22, N2: one anonymous request must not reset any limit. The attack as it was reproduced: a
 * client fills a limit; later in that limit's window, another client address starts a passkey
 * sign-in (`POST /api/passkeys/sign-in/options`, which every /signin page load sends and whose
 * 60-second rule used to trim every bucket's rows older than two minutes); the first client goes on.
 * The real actions, route handler, database and platform emulator run; only Next's request context
 * (headers, after(), redirect()) and the clock are faked.
 */
const ORIGIN = "http://localhost:3000";
const CLIENT = "203.0.113.7";
const OTHER_CLIENT = "198.51.100.23";

const context = vi.hoisted(() => ({
  harness: null as unknown as import("./harness").ServiceHarness,
  headers: new Headers(),
  afterTasks: [] as (() => unknown)[],
  viewer: null as import("@/lib/core/auth/viewer").Viewer | null,
  cookies: new Map<string, string>(),
}));
vi.mock("@/lib/platform", () => ({ getPlatform: () => context.harness.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => context.harness.db.db }));
vi.mock("@/lib/core/auth/viewer", () => ({ getViewer: async () => context.viewer }));
vi.mock("next/headers", () => ({
  headers: async () => context.headers,
  cookies: async () => ({
    get: (name: string) => (context.cookies.has(name) ? { name, value: context.cookies.get(name) } : undefined),
    getAll: () => [],
    has: (name: string) => context.cookies.has(name),
    // The sign-in form remembers the address typed for "Check your e-mail" (lib/core/auth/mail-sent-to.ts).
    set: () => undefined,
  }),
}));
vi.mock("next/server", async (original) => ({
  ...(await original<object>()),
  after: (task: () => unknown) => void context.afterTasks.push(task),
}));
vi.mock("next/navigation", () => ({
  redirect: (location: string) => {
    throw Object.assign(new Error(`redirect ${location}`), { location });
  },
}));
vi.mock("next/cache", () => ({ refresh: vi.fn(), revalidatePath: vi.fn() }));

process.env.AUTH_SECRET = "limits-test-secret-0123456789abcdef0123";
for (const name of ["AUTH_URL", "ADMIN_EMAILS", "SMTP_URL", "PLATFORM_BASE_URL"]) delete process.env[name];
for (const name of Object.keys(process.env).filter((n) => n.startsWith("LIMIT_"))) delete process.env[name];
(globalThis as { __driverPortalConfig?: unknown }).__driverPortalConfig = undefined;

const { requestSignInLinkAction } = await import("@/lib/features/sign-in/actions/request-sign-in-link");
const { signInOptionsHandler } = await import("@/lib/features/passkeys/route-handlers");
const { redeemVoucherAction } = await import("@/lib/features/vouchers/actions/redeem-voucher");
const { startPasswordResetAction } = await import("@/lib/features/accounts/actions/start-password-reset");
const { consumeRateLimit, RATE_LIMITS } = await import("@/lib/core/rate-limit");
const { KNOWN_BROWSER_COOKIE, rememberLinkSignIn } = await import("@/lib/core/auth/known-browser");

const h = serviceHarnessForSuite({ seams: context, resetBeforeEach: false });
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  h.emulator.reset();
  h.sent.length = 0;
  context.afterTasks.length = 0;
  context.viewer = null;
  context.cookies.clear();
  for (const table of [mailOutbox, rateLimitCounters, verificationTokens, sessions, users]) await h.db.db.delete(table);
});
afterEach(() => {
  vi.useRealTimers();
});

/** A request context from `client`, at `at` on the clock the limits read. */
function from(client: string, at: string): void {
  vi.setSystemTime(new Date(at));
  context.headers = new Headers({ "x-forwarded-for": client, host: "localhost:3000", "x-forwarded-proto": "http" });
}

/** The other client's request: what every /signin page load sends. */
async function passkeySignInStartFrom(client: string, at: string): Promise<void> {
  from(client, at);
  const response = await signInOptionsHandler(
    new Request(`${ORIGIN}/api/passkeys/sign-in/options`, { method: "POST", headers: { origin: ORIGIN } }),
  );
  expect(response.status).toBe(200);
}

/** The sign-in form, submitted, and the mail it leaves for after the response sent: whether it was let through. */
async function signInFormLetThrough(email: string): Promise<boolean> {
  const form = new FormData();
  form.set("email", email);
  let letThrough: boolean;
  try {
    const result = await requestSignInLinkAction({ status: "idle" }, form);
    expect(result).toMatchObject({ status: "error", message: expect.stringMatching(/^Too many sign-in requests/) });
    letThrough = false;
  } catch (error) {
    expect((error as { location?: string }).location).toBe("/check-your-email");
    letThrough = true;
  }
  for (const task of context.afterTasks.splice(0)) await task();
  return letThrough;
}

const mailsTo = async (email: string) =>
  (await h.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).length;

describe(`N2: one passkey sign-in start from another client resets no limit (${TEST_DIALECT}, ${testDriver})`, () => {
  it("sign-in mails per address: 5, then refused for the rest of the window; 5 mails, not 10", async () => {
    from(CLIENT, "2026-11-21T10:05:00Z");
    for (let i = 0; i < 5; i++) expect(await signInFormLetThrough(DEMO_DRIVER_EMAIL)).toBe(true);
    await passkeySignInStartFrom(OTHER_CLIENT, "2026-11-21T10:07:30Z");
    from(CLIENT, "2026-11-21T10:07:31Z");
    for (let i = 0; i < 5; i++) expect(await signInFormLetThrough(DEMO_DRIVER_EMAIL)).toBe(false);
    expect(await mailsTo(DEMO_DRIVER_EMAIL)).toBe(5);
  });

  it("sign-in mails per client: 30, then refused, however many addresses follow", async () => {
    from(CLIENT, "2026-11-21T11:00:10Z");
    const address = (i: number) => `n2.${i}@example.com`;
    for (let i = 0; i < 30; i++) expect(await signInFormLetThrough(address(i))).toBe(true);
    expect(await signInFormLetThrough(address(30))).toBe(false);
    await passkeySignInStartFrom(OTHER_CLIENT, "2026-11-21T11:03:00Z");
    from(CLIENT, "2026-11-21T11:03:01Z");
    for (let i = 31; i < 40; i++) expect(await signInFormLetThrough(address(i)), address(i)).toBe(false);
  });

  it("voucher attempts per driver: the 11th and later never reach the platform", async () => {
    context.viewer = DEMO_DRIVER_VIEWER;
    const attempt = async () => {
      const form = new FormData();
      form.set("code", "NO-SUCH-CODE");
      return redeemVoucherAction({ status: "idle" }, form);
    };
    from(CLIENT, "2026-11-21T12:00:05Z");
    for (let i = 0; i < 10; i++) expect(await attempt()).toMatchObject({ status: "error" });
    await passkeySignInStartFrom(OTHER_CLIENT, "2026-11-21T12:04:00Z");
    from(CLIENT, "2026-11-21T12:04:01Z");
    for (let i = 0; i < 20; i++)
      expect(await attempt()).toMatchObject({ status: "error", message: expect.stringMatching(/Too many/) });
    expect(sentTo(h, "POST", /redeem-voucher$/)).toHaveLength(10);
  });

  inDialect("contract", it)("driver password-reset mails: 3, not 9", async () => {
    context.viewer = DEMO_DRIVER_VIEWER;
    from(CLIENT, "2026-11-21T13:00:05Z");
    for (let i = 0; i < 3; i++)
      expect(await startPasswordResetAction({ status: "idle" })).toMatchObject({ status: "ok" });
    await passkeySignInStartFrom(OTHER_CLIENT, "2026-11-21T13:05:00Z");
    from(CLIENT, "2026-11-21T13:05:01Z");
    for (let i = 0; i < 6; i++)
      expect(await startPasswordResetAction({ status: "idle" })).toMatchObject({ status: "error" });
    expect((await h.state()).outbox.filter((mail) => mail.userId === DEMO_DRIVER_ID)).toHaveLength(3);
  });

  it("every other bucket: full stays full when the other client's request lands late in its window", async () => {
    const others = {
      "signup:client": RATE_LIMITS.signUpPerClient,
      "password-reset:staff": RATE_LIMITS.passwordResetByStaffPerDriver,
      "app-password": RATE_LIMITS.passwordResetPerDriver,
      "email-change:account": RATE_LIMITS.emailChangePerAccount,
      "platform-export": RATE_LIMITS.platformExportPerDriver,
    };
    for (const [bucket, rule] of Object.entries(others)) {
      const start = Date.parse("2026-11-21T14:00:00Z");
      for (let i = 0; i < rule.limit; i++)
        expect((await consumeRateLimit(bucket, "subject-1", rule, new Date(start + 1000))).allowed).toBe(true);
      const late = new Date(start + rule.windowSeconds * 1000 - 5000).toISOString();
      await passkeySignInStartFrom(OTHER_CLIENT, late);
      expect((await consumeRateLimit(bucket, "subject-1", rule, new Date(late))).allowed, bucket).toBe(false);
      await h.db.db.delete(rateLimitCounters);
    }
  });
});

describe(`issue 33: a sign-in lock-out costs the attacker more than the victim (${TEST_DIALECT}, ${testDriver})`, () => {
  /** The proof a browser keeps once a sign-in link to `email` opened a session in it (as Auth.js's callback answers). */
  async function browserThatSignedInAs(email: string): Promise<void> {
    const callback = new Request(`${ORIGIN}/api/auth/callback/nodemailer?token=t&email=${encodeURIComponent(email)}`);
    const answer = await rememberLinkSignIn(
      callback,
      new Response(null, { status: 302, headers: { "set-cookie": "authjs.session-token=abc; Path=/; HttpOnly" } }),
    );
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith(`${KNOWN_BROWSER_COOKIE}=`));
    expect(cookie, "the callback marks the browser").toBeDefined();
    context.cookies.set(KNOWN_BROWSER_COOKIE, /=([^;]*)/.exec(cookie!)![1]!);
  }

  it("R4-4: after five anonymous requests fill the address's count, the victim's own browser still gets its link", async () => {
    from(CLIENT, "2026-11-22T10:01:00Z");
    for (let i = 0; i < 5; i++) expect(await signInFormLetThrough(DEMO_DRIVER_EMAIL)).toBe(true);
    expect(await signInFormLetThrough(DEMO_DRIVER_EMAIL)).toBe(false);

    // A browser that signed in to the address before: its own count, which nobody without that proof can fill.
    from(OTHER_CLIENT, "2026-11-22T10:02:00Z");
    await browserThatSignedInAs(DEMO_DRIVER_EMAIL);
    expect(await signInFormLetThrough(DEMO_DRIVER_EMAIL)).toBe(true);
    expect(await mailsTo(DEMO_DRIVER_EMAIL)).toBe(6);

    // The trade-off: a browser without the proof (or with another address's) waits for the window, as before.
    context.cookies.clear();
    expect(await signInFormLetThrough(DEMO_DRIVER_EMAIL)).toBe(false);
    await browserThatSignedInAs("someone.else@example.com");
    expect(await signInFormLetThrough(DEMO_DRIVER_EMAIL)).toBe(false);
    context.cookies.set(KNOWN_BROWSER_COOKIE, "A".repeat(22));
    expect(await signInFormLetThrough(DEMO_DRIVER_EMAIL)).toBe(false);
  });

  it("R4-4: a browser is marked only when the link opened a session, and keeps three addresses at most", async () => {
    from(CLIENT, "2026-11-22T10:05:00Z");
    const callback = (email: string) =>
      new Request(`${ORIGIN}/api/auth/callback/nodemailer?token=t&email=${encodeURIComponent(email)}`);
    const failed = await rememberLinkSignIn(
      callback(DEMO_DRIVER_EMAIL),
      new Response(null, { status: 302, headers: { location: "/signin?error=Verification" } }),
    );
    expect(failed.headers.getSetCookie()).toEqual([]);
    for (const email of ["a@example.com", "b@example.com", "c@example.com", DEMO_DRIVER_EMAIL])
      await browserThatSignedInAs(email);
    expect(context.cookies.get(KNOWN_BROWSER_COOKIE)!.split(".")).toHaveLength(3);
  });

  it("R4-8: a refused request adds no counter row; one client trying 200 addresses leaves one row per bucket and window it used", async () => {
    from(CLIENT, "2026-11-22T11:00:10Z");
    const rows = async () => (await h.db.db.select().from(rateLimitCounters)).length;
    for (let i = 0; i < 30; i++) expect(await signInFormLetThrough(`r48.${i}@example.com`)).toBe(true);
    const whenFull = await rows();
    expect(whenFull).toBe(31);
    for (let i = 30; i < 200; i++) expect(await signInFormLetThrough(`r48.${i}@example.com`)).toBe(false);
    expect(await rows()).toBe(whenFull);
  });

  it("IPv6: per-client limits key an address by its /64, so a fresh address of the same prefix is no fresh bucket", async () => {
    const inPrefix = (i: number) => `2001:db8:4:7:${(i + 1).toString(16)}::${(i * 7 + 3).toString(16)}`;
    for (let i = 0; i < 30; i++) {
      from(inPrefix(i), "2026-11-22T12:00:10Z");
      expect(await signInFormLetThrough(`v6.${i}@example.com`)).toBe(true);
    }
    for (const fresh of ["2001:db8:4:7:ffff:ffff:ffff:fffe", "2001:0DB8:0004:0007::1", "[2001:db8:4:7::abcd]"]) {
      from(fresh, "2026-11-22T12:01:00Z");
      expect(await signInFormLetThrough("v6.more@example.com"), fresh).toBe(false);
    }
    from("2001:db8:4:8::1", "2026-11-22T12:01:00Z");
    expect(await signInFormLetThrough("v6.other-prefix@example.com")).toBe(true);
  });
});
