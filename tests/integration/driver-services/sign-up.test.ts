import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  emailChanges,
  mailOutbox,
  pendingSignUps,
  rateLimitCounters,
  sessions,
  signupAttempts,
  users,
} from "@/lib/core/db/schema";
import { DEMO_DRIVER_EMAIL, DEMO_DRIVER_ID, SECOND_DRIVER_EMAIL } from "@/emulators/platform";
import { IDLE, formOf } from "../../support/action-form";
import type { ServiceHarness } from "./harness";
import { serviceHarnessForSuite } from "../../support/service-harness";
import { holdClockStill } from "../../support/still-clock";

/**
 * Issue 22, L1 (pre-hijack by sign-up) and F4 (account enumeration by the sign-up and e-mail change
 * forms). The real actions run against the platform emulator (both dialects) and a test database;
 * Next's request context is faked: the cookies a response sets, and the work it leaves for after
 * the response (`after()`), which a test runs when it wants the mail.
 */
const holder = vi.hoisted(() => ({
  harness: null as unknown as import("./harness").ServiceHarness,
  after: [] as (() => unknown)[],
  setCookies: [] as { name: string; value: string }[],
  viewer: null as import("@/lib/core/auth/viewer").Viewer | null,
  /** Stand-ins for one test: a platform that holds a call, a database that counts reads. */
  platform: null as import("@/lib/platform/client").PlatformClient | null,
  db: null as import("./harness").ServiceHarness["db"]["db"] | null,
}));
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.platform ?? holder.harness.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.db ?? holder.harness.db.db }));
vi.mock("@/lib/core/auth/viewer", () => ({ getViewer: async () => holder.viewer }));
vi.mock("@/lib/core/auth/site-origin", () => ({ siteOrigin: async () => "http://portal.test" }));
vi.mock("@/lib/core/auth", () => ({ signIn: vi.fn(async () => undefined), issueSignInLink: vi.fn() }));
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: () => undefined,
    set: (name: string, value: string) => holder.setCookies.push({ name, value }),
  }),
  headers: async () => new Headers({ "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36" }),
}));
vi.mock("next/navigation", async () => ({
  redirect: (await import("../../support/next-redirect")).redirectLikeNext,
}));
vi.mock("next/server", () => ({ after: (task: () => unknown) => holder.after.push(task), connection: vi.fn() }));
vi.mock("next/cache", () => ({ refresh: vi.fn(), revalidatePath: vi.fn() }));

const { signUpAction } = await import("@/lib/features/accounts/actions/sign-up");
const { SENT_TO_COOKIE } = await import("@/lib/core/auth/mail-sent-to");
const { finishSignUpAction } = await import("@/lib/features/accounts/actions/finish-sign-up");
const { finishSignUp, inspectSignUpLink, SIGN_UP_LINK_HOURS } = await import("@/lib/features/accounts/sign-up");
const { changeEmailAction } = await import("@/lib/features/accounts/actions/change-email");
const { hasAccount } = await import("@/lib/core/auth/known-account");

const h = serviceHarnessForSuite({ seams: holder });
beforeEach(async () => {
  holder.after = [];
  holder.setCookies = [];
  holder.viewer = null;
  holder.platform = null;
  holder.db = null;
  for (const table of [emailChanges, mailOutbox, pendingSignUps, rateLimitCounters, sessions, signupAttempts, users])
    await h.db.db.delete(table);
});

const VICTIM = "victim@example.com";
const HOUR = 3_600_000;
const profile = (email: string, extra: Record<string, string> = {}) => ({
  email,
  firstName: "Mallory",
  lastName: "Attacker",
  phone: "+31 20 123 4567",
  city: "Amsterdam",
  country: "NL",
  ...extra,
});

/** What the browser gets: a redirect's digest, or the result. Then the work left for after it is done. */
async function answerOf(run: () => Promise<unknown>): Promise<unknown> {
  const answer = await run().catch((error: { digest?: string }) => error.digest ?? error);
  for (const task of holder.after.splice(0)) await task();
  return answer;
}

const mailsTo = (to: string) => h.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);
const platformCreates = () => h.sent.filter((r) => r.method === "POST" && h.wire.usersPath.test(r.path));
const finishLinkIn = (text: string | undefined) =>
  /(http:\/\/portal\.test\/signup\/finish\?token=\S+)/.exec(text ?? "")?.[1];
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

/** The test database, counting the reads of pending sign-ups (the link's row). */
function countingLinkReads(db: ServiceHarness["db"]["db"]) {
  let reads = 0;
  const counted = new Proxy(db, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== "function") return value;
      if (key !== "select") return value.bind(target);
      return (...args: unknown[]) => {
        const builder = value.apply(target, args) as { from: (table: unknown) => unknown };
        const from = builder.from.bind(builder);
        builder.from = (table) => {
          if (table === pendingSignUps) reads++;
          return from(table);
        };
        return builder;
      };
    },
  });
  return { db: counted, reads: () => reads };
}

/** The platform client, with its user look-ups held until `open` is called. */
function platformHoldingLookUps() {
  const client = h.client;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const held = {
    ...client,
    users: {
      ...client.users,
      findUserByEmail: async (email: string) => {
        await opened;
        return client.users.findUserByEmail(email);
      },
    },
  };
  return { platform: held, open };
}

async function finishWith(token: string, password: string) {
  return answerOf(() => finishSignUpAction(IDLE, formOf({ token, password, passwordRepeat: password })));
}

describe("L1: a sign-up proves the address before the platform user exists", () => {
  it("an attacker's sign-up with the victim's address creates nothing; the victim's sign-in finds no account the attacker made", async () => {
    // As reproduced: the attacker's own app password and name (an older form's password field is ignored).
    const answer = await answerOf(() =>
      signUpAction(IDLE, formOf({ ...profile(VICTIM), password: "attacker-secret" })),
    );

    // Nothing on the platform, no portal account: a sign-in by the victim has nothing to land in.
    expect(await hasAccount(VICTIM)).toBe(false);
    expect(await h.client.users.findUserByEmail(VICTIM)).toBeNull();
    expect(platformCreates()).toEqual([]);
    expect(await h.db.db.select().from(users)).toEqual([]);
    expect(answer).toBe("NEXT_REDIRECT;replace;/check-your-email?for=sign-up;307;");

    // The form's data waits server-side, never the password; the link carries only a token, of which only a hash is kept.
    const [mail] = await mailsTo(VICTIM);
    expect(mail?.subject).toBe("Finish creating your Driver Portal account");
    const url = finishLinkIn(mail?.text)!;
    expect(url).toMatch(/^http:\/\/portal\.test\/signup\/finish\?token=[A-Za-z0-9_-]{43}$/);
    const rows = await h.db.db.select().from(pendingSignUps);
    expect(rows).toEqual([expect.objectContaining({ email: VICTIM, usedAt: null })]);
    expect(JSON.stringify(rows)).not.toContain(tokenOf(url));
    expect(JSON.stringify(rows)).not.toContain("attacker-secret");
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(SIGN_UP_LINK_HOURS * HOUR);
  });

  it("following the link, the owner chooses the app password: the user is created with it, once, and signed in", async () => {
    await answerOf(() => signUpAction(IDLE, formOf(profile(VICTIM))));
    const token = tokenOf(finishLinkIn((await mailsTo(VICTIM))[0]?.text)!);
    expect(await inspectSignUpLink(token)).toEqual({ status: "pending", email: VICTIM, name: "Mallory Attacker" });

    // A mismatch is a field error, and nothing is created yet.
    expect(
      await finishSignUpAction(IDLE, formOf({ token, password: "owner-secret", passwordRepeat: "other" })),
    ).toMatchObject({ status: "invalid", fieldErrors: { passwordRepeat: [expect.any(String)] } });
    expect(platformCreates()).toEqual([]);

    // A double submit, both in flight: whichever creates is held at the platform until the other has read the
    // link too (on Postgres the second may otherwise reach the database after the first used the link). Both land
    // signed in to the one account.
    const counted = countingLinkReads(h.db.db);
    const holding = platformHoldingLookUps();
    holder.db = counted.db;
    holder.platform = holding.platform;
    const submits = Promise.all([finishWith(token, "owner-secret"), finishWith(token, "owner-secret")]);
    await vi.waitFor(() => expect(counted.reads()).toBe(2), { timeout: 10_000 });
    holding.open();
    const answers = await submits;
    expect(answers).toEqual(["NEXT_REDIRECT;replace;/account;307;", "NEXT_REDIRECT;replace;/account;307;"]);
    expect(platformCreates().map((r) => (r.body as { password?: string }).password)).toEqual(["owner-secret"]);
    const created = await h.client.users.findUserByEmail(VICTIM);
    expect(created).toMatchObject({ firstName: "Mallory", lastName: "Attacker" });
    const [account] = await h.db.db.select().from(users).where(eq(users.email, VICTIM));
    expect(account).toMatchObject({ role: "driver", platformUserId: created!.id, name: "Mallory Attacker" });
    expect(account!.emailVerified).toBeInstanceOf(Date);
    const opened = await h.db.db.select().from(sessions);
    expect(opened.map((s) => s.userId)).toEqual([account!.id, account!.id]);
    const sessionCookies = holder.setCookies.filter((c) => c.name !== SENT_TO_COOKIE);
    expect(sessionCookies.map((c) => c.value).sort()).toEqual(opened.map((s) => s.sessionToken).sort());

    // The link works once.
    expect(await finishWith(token, "owner-secret")).toMatchObject({ status: "error", code: "used" });
    expect(platformCreates()).toHaveLength(1);
  });

  it("an unproven sign-up expires after 24 hours and leaves nothing on the platform; an edited link is no link", async () => {
    await answerOf(() => signUpAction(IDLE, formOf(profile(VICTIM))));
    const token = tokenOf(finishLinkIn((await mailsTo(VICTIM))[0]?.text)!);
    const later = new Date(Date.now() + SIGN_UP_LINK_HOURS * HOUR + 1000);
    expect(await inspectSignUpLink(token, later)).toEqual({ status: "expired" });
    expect(await finishSignUp(token, "owner-secret", later)).toEqual({ status: "expired" });
    for (const edited of [`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, token.slice(1), "", null, ["x"]])
      expect(await finishSignUp(edited, "owner-secret")).toEqual({ status: "invalid" });
    expect(platformCreates()).toEqual([]);
    expect(await h.db.db.select().from(users)).toEqual([]);
  });

  it("a newer sign-up replaces the older link and clears expired ones", async () => {
    await answerOf(() => signUpAction(IDLE, formOf(profile(VICTIM))));
    const first = tokenOf(finishLinkIn((await mailsTo(VICTIM))[0]?.text)!);
    await h.db.db.insert(pendingSignUps).values({
      email: "long.gone@example.com",
      tokenHash: "x".repeat(64),
      profile: {},
      createdAt: new Date(Date.now() - 25 * HOUR),
      expiresAt: new Date(Date.now() - HOUR),
    });
    await answerOf(() => signUpAction(IDLE, formOf(profile(VICTIM, { firstName: "Victor" }))));
    expect(await inspectSignUpLink(first)).toEqual({ status: "invalid" });
    expect((await h.db.db.select().from(pendingSignUps)).map((r) => r.email)).toEqual([VICTIM]);
  });

  it("keeps what was typed on every error: field errors and the limit", async () => {
    const typed = profile("not-an-address", { lastName: "<b>" });
    const answer = await signUpAction(IDLE, formOf({ ...typed, password: "never-echoed" }));
    expect(answer).toMatchObject({
      status: "invalid",
      fieldErrors: { email: [expect.any(String)], lastName: [expect.any(String)] },
      values: typed,
    });
    expect(JSON.stringify(answer)).not.toContain("never-echoed");
    holdClockStill();
    let refused;
    try {
      for (let i = 0; i < 10; i++) await answerOf(() => signUpAction(IDLE, formOf(profile(`p${i}@example.com`))));
      refused = await signUpAction(IDLE, formOf(profile(VICTIM)));
    } finally {
      vi.useRealTimers();
    }
    expect(refused).toMatchObject({
      status: "error",
      message: expect.stringMatching(/^Too many sign-ups/),
      values: profile(VICTIM),
    });
  });

  it("a user the platform got meanwhile is not created twice: the link's owner is signed in to it, unless it is disabled", async () => {
    for (const email of ["meanwhile@example.com", "disabled@example.com"])
      await answerOf(() => signUpAction(IDLE, formOf(profile(email))));
    const tokens = await Promise.all(
      ["meanwhile@example.com", "disabled@example.com"].map(async (e) =>
        tokenOf(finishLinkIn((await mailsTo(e))[0]?.text)!),
      ),
    );
    for (const email of ["meanwhile@example.com", "disabled@example.com"])
      await h.client.users.createUser({
        email,
        password: "app-secret-1",
        firstName: "App",
        lastName: "User",
        country: "NL",
      });
    // Only the real platform (ampeco) can disable a user; under the contract the second one stays usable.
    const disable = h.client.users.disableUser;
    if (disable) await disable((await h.client.users.findUserByEmail("disabled@example.com"))!.id, "deleted");
    h.sent.length = 0;

    expect(await finishWith(tokens[0]!, "owner-secret")).toBe("NEXT_REDIRECT;replace;/account;307;");
    const existing = (await h.client.users.findUserByEmail("meanwhile@example.com"))!;
    expect((await h.db.db.select().from(users).where(eq(users.email, "meanwhile@example.com")))[0]).toMatchObject({
      platformUserId: existing.id,
    });
    if (disable) {
      expect(await finishWith(tokens[1]!, "owner-secret")).toMatchObject({ status: "error", code: "exists" });
      expect(await h.db.db.select().from(users).where(eq(users.email, "disabled@example.com"))).toEqual([]);
    }
    expect(platformCreates()).toEqual([]);
  });

  it("a staff address gets the note, and its link (had one been mailed) creates nothing", async () => {
    await h.db.db.insert(users).values({ email: "support@example.com", role: "support", name: "Sam Support" });
    await answerOf(() => signUpAction(IDLE, formOf(profile("support@example.com"))));
    expect((await mailsTo("support@example.com")).map((m) => m.subject)).toEqual([
      "You already have a Driver Portal account",
    ]);
    // A link from before the role was granted finds the address held by staff.
    await answerOf(() => signUpAction(IDLE, formOf(profile("new.hire@example.com"))));
    const token = tokenOf(finishLinkIn((await mailsTo("new.hire@example.com"))[0]?.text)!);
    await h.db.db.insert(users).values({ email: "new.hire@example.com", role: "support", name: "New Hire" });
    expect(await finishWith(token, "owner-secret")).toMatchObject({ status: "error", code: "exists" });
    expect(platformCreates()).toEqual([]);
    expect((await h.db.db.select().from(users).where(eq(users.email, "new.hire@example.com")))[0]).toMatchObject({
      name: "New Hire",
      platformUserId: null,
    });
  });
});

describe("F4: no enumeration by the sign-up and e-mail change forms", () => {
  it("sign-up answers a known address exactly as a new one, and mails its owner a sign-in note instead of a link", async () => {
    await h.db.db.insert(users).values({ email: "support@example.com", role: "support" });
    const answers = [];
    for (const email of ["brand.new@example.com", DEMO_DRIVER_EMAIL, "support@example.com"]) {
      // Nothing is looked up before the answer: no platform call, no mail.
      const mailed = (await h.db.db.select().from(mailOutbox)).length;
      const form = formOf({ ...profile(email), password: "app-secret-1" });
      const answer = await signUpAction(IDLE, form).catch((error: { digest?: string }) => error.digest);
      expect(h.sent).toEqual([]);
      expect(await h.db.db.select().from(mailOutbox)).toHaveLength(mailed);
      answers.push(answer);
      for (const task of holder.after.splice(0)) await task();
      h.sent.length = 0;
    }
    expect(new Set(answers)).toEqual(new Set(["NEXT_REDIRECT;replace;/check-your-email?for=sign-up;307;"]));
    // "Check your e-mail" names the address typed, from a cookie set alike for every address (issue 36).
    expect(holder.setCookies.map((c) => [c.name, Buffer.from(c.value, "base64url").toString()])).toEqual(
      ["brand.new@example.com", DEMO_DRIVER_EMAIL, "support@example.com"].map((email) => [SENT_TO_COOKIE, email]),
    );

    for (const known of [DEMO_DRIVER_EMAIL, "support@example.com"]) {
      const [note] = await mailsTo(known);
      expect(note?.subject).toBe("You already have a Driver Portal account");
      expect(note?.text).toContain(`http://portal.test/signin?email=${encodeURIComponent(known)}`);
      expect(note?.text).not.toMatch(/token=/);
    }
    expect((await mailsTo("brand.new@example.com"))[0]?.subject).toBe("Finish creating your Driver Portal account");
    expect((await h.db.db.select().from(pendingSignUps)).map((r) => r.email)).toEqual(["brand.new@example.com"]);
  });

  it("an e-mail change answers the same whether the address is taken or not; the owner of a taken one gets a note, nothing changes", async () => {
    await h.db.db.insert(users).values([
      { id: "u-demi", email: DEMO_DRIVER_EMAIL, platformUserId: DEMO_DRIVER_ID },
      { email: "support@example.com", role: "support" },
    ]);
    holder.viewer = {
      userId: "u-demi",
      email: DEMO_DRIVER_EMAIL,
      name: "Demi Driver",
      role: "driver",
      platformUserId: DEMO_DRIVER_ID,
    };
    const answerFor = async (email: string) =>
      JSON.stringify(await changeEmailAction(IDLE, formOf({ email }))).replaceAll(email, "<address>");
    const free = await answerFor("demi.free@example.com");
    expect(await answerFor("support@example.com")).toBe(free);
    expect(await answerFor(SECOND_DRIVER_EMAIL)).toBe(free);

    for (const taken of ["support@example.com", SECOND_DRIVER_EMAIL]) {
      const [note] = await mailsTo(taken);
      expect(note?.subject).toBe("Someone asked to move a Driver Portal account to your address");
      expect(note?.text).not.toMatch(/token=/);
    }
    expect((await mailsTo("demi.free@example.com"))[0]?.subject).toBe("Confirm your new Driver Portal e-mail address");
    // Each request replaced the one before, a taken address's as a free one's (issue 37: the overview's notice tells
    // nothing); the last one's token was mailed to no one.
    expect((await h.db.db.select().from(emailChanges)).map((row) => row.newEmail)).toEqual([SECOND_DRIVER_EMAIL]);
    expect((await h.db.db.select().from(users).where(eq(users.id, "u-demi")))[0]?.email).toBe(DEMO_DRIVER_EMAIL);
    expect(h.sent.filter((r) => h.wire.isEmailChange(r))).toEqual([]);
  });
});
