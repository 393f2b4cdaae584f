import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Viewer } from "@/lib/core/auth/viewer";
import { appPasswordLinks, auditLog, mailOutbox, rateLimitCounters, signupAttempts, users } from "@/lib/core/db/schema";
import { DEMO_DRIVER_EMAIL, DEMO_DRIVER_ID, SECOND_DRIVER_EMAIL, SECOND_DRIVER_ID } from "@/emulators/platform";
import { logger } from "@/lib/core/log";
import { createPlatformClient, type PlatformClient } from "@/lib/platform/client";
import { IDLE, formOf } from "../../support/action-form";
import { captureLogs } from "../../support/log-capture";
import { DEMO_DRIVER_VIEWER, SERVICE_TEST_KEY, sentTo, type ServiceHarness } from "./harness";
import { serviceHarnessForSuite } from "../../support/service-harness";
import { staffViewer } from "../../support/viewers";

/**
 * The charging-app password in both dialects, whatever PLATFORM_TEST_DIALECT says: an ampeco harness
 * and a contract harness side by side. ampeco: the driver sets a new password (PATCH {password}, once,
 * never logged), staff require a new one at the next app sign-in, and a driver created by staff gets
 * the portal's single-use, expiring link. contract: the platform's reset mail, as before.
 */
const holder = vi.hoisted(() => ({
  harness: null as unknown as import("./harness").ServiceHarness,
  client: null as unknown as import("@/lib/platform/client").PlatformClient,
  viewer: null as import("@/lib/core/auth/viewer").Viewer | null,
}));
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.harness.db.db }));
vi.mock("@/lib/core/auth/viewer", () => ({ getViewer: async () => holder.viewer }));
vi.mock("@/lib/core/auth", () => ({ signIn: vi.fn(async () => "/check-your-email"), auth: vi.fn(async () => null) }));
vi.mock("next/cache", () => ({ refresh: vi.fn(), revalidatePath: vi.fn() }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ host: "portal.test" }) }));

const { setAppPasswordAction } = await import("@/lib/features/accounts/actions/set-app-password");
const { setAppPasswordWithLinkAction } = await import("@/lib/features/accounts/actions/set-app-password-with-link");
const { startPasswordResetAction } = await import("@/lib/features/accounts/actions/start-password-reset");
const { startDriverPasswordResetAction } = await import("@/lib/features/admin/actions/start-driver-password-reset");
const { createDriverAction } = await import("@/lib/features/admin/actions/create-driver");
const { APP_PASSWORD_LINK_DAYS, inspectAppPasswordLink, mailAppPasswordLink, setAppPasswordWithLink } =
  await import("@/lib/features/accounts/app-password");

const DRIVER = DEMO_DRIVER_VIEWER;
const SUPPORT = staffViewer("support");
const ORIGIN = "http://portal.test";
const USER_PATCH = /\/users\/v1\.1\/\d+$/;
const TOKEN_IN_LINK = /\/app-password\/set\?token=([A-Za-z0-9_-]{43})/;

/**
 * The harness's client, but logging every platform call through the server logger as the portal does
 * (lib/platform/index.ts), so that the captured log lines include the platform calls.
 */
function loggingClient(h: ServiceHarness): PlatformClient {
  return createPlatformClient({
    dialect: h.client.dialect,
    baseUrl: "http://platform.test",
    apiKey: SERVICE_TEST_KEY,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const text = typeof init?.body === "string" ? init.body : undefined;
      h.sent.push({
        method: request.method,
        path: new URL(request.url).pathname,
        body: text === undefined ? undefined : JSON.parse(text),
      });
      return h.emulator.handle(request);
    }) as typeof fetch,
    timeoutMs: 5000,
    maxRetries: 1,
    retryCapMs: 5000,
    sleep: async () => undefined,
    partnerId: 1116,
    userGroupId: 257,
    logger: (line) => logger("platform").info("platform call", line),
  });
}

const ampeco = serviceHarnessForSuite({ dialect: "ampeco", resetBeforeEach: false });
const contract = serviceHarnessForSuite({ dialect: "contract", resetBeforeEach: false });
const clients = new Map<ServiceHarness, PlatformClient>();

beforeAll(() => {
  clients.set(ampeco, loggingClient(ampeco));
  clients.set(contract, loggingClient(contract));
});

/** Runs the test against one dialect's emulator and database, from a clean state. */
async function use(h: ServiceHarness, viewer: Viewer | null = DRIVER): Promise<ServiceHarness> {
  holder.harness = h;
  holder.client = clients.get(h)!;
  holder.viewer = viewer;
  h.emulator.reset();
  h.sent.length = 0;
  const { db } = h.db;
  for (const table of [appPasswordLinks, auditLog, mailOutbox, rateLimitCounters, signupAttempts, users])
    await db.delete(table);
  await db.insert(users).values([
    { id: DRIVER.userId, email: DRIVER.email, platformUserId: DEMO_DRIVER_ID, emailVerified: new Date() },
    { id: SUPPORT.userId, email: SUPPORT.email, role: "support", emailVerified: new Date() },
  ]);
  return h;
}

beforeEach(() => {
  holder.viewer = null;
});

/** The emulator's own record of the PATCH calls on one user (it keeps body keys, never values). */
async function patchesInEmulatorLog(h: ServiceHarness, userId: number) {
  const { requestLog } = (await h.state()) as unknown as {
    requestLog: { method: string; path: string; status: number; bodyKeys?: string[] }[];
  };
  return requestLog
    .filter((r) => r.method === "PATCH" && r.path.endsWith(`/users/v1.1/${userId}`))
    .map((r) => ({ status: r.status, bodyKeys: r.bodyKeys }));
}

const passwordForm = (password: string, passwordRepeat = password, extra: Record<string, string> = {}) =>
  formOf({ password, passwordRepeat, ...extra });

/** Sets `password` as the driver, with every log line of the call captured. */
async function setAppPasswordLogged(password: string) {
  const logs = captureLogs("debug");
  try {
    return { result: await setAppPasswordAction(IDLE, passwordForm(password)), logs };
  } finally {
    logs.restore();
  }
}

describe("ampeco: the driver sets a new app password", () => {
  it("sends it exactly once with PATCH {password}, says so, and no log line, answer or table holds it", async () => {
    const h = await use(ampeco);
    const password = "Driver-chosen-9x!";
    const { result, logs } = await setAppPasswordLogged(password);
    expect(result).toEqual({
      status: "ok",
      message: "Your app password was changed. Use it the next time you sign in to the charging app.",
    });
    expect(sentTo(h, "PATCH", USER_PATCH)).toEqual([
      { method: "PATCH", path: `/public-api/resources/users/v1.1/${DEMO_DRIVER_ID}`, body: { password } },
    ]);
    expect(await patchesInEmulatorLog(h, DEMO_DRIVER_ID)).toEqual([{ status: 200, bodyKeys: ["password"] }]);
    // The capture saw the platform call (so it was listening), and no line carries the password.
    expect(logs.lines.some((l) => l.text.includes("platform call"))).toBe(true);
    for (const line of logs.lines) expect(line.text).not.toContain(password);
    const { db } = h.db;
    for (const table of [appPasswordLinks, auditLog, mailOutbox, rateLimitCounters, users])
      expect(JSON.stringify(await db.select().from(table))).not.toContain(password);
  });

  it("a mismatch or a password under 12 characters never reaches the platform, and nothing typed is echoed", async () => {
    const h = await use(ampeco);
    const mismatch = await setAppPasswordAction(IDLE, passwordForm("long-enough-1", "long-enough-2"));
    expect(mismatch).toEqual({
      status: "invalid",
      fieldErrors: { passwordRepeat: ["The two passwords do not match."] },
      values: {},
    });
    const short = await setAppPasswordAction(IDLE, passwordForm("eleven-char"));
    expect(short).toEqual({
      status: "invalid",
      fieldErrors: { password: ["The app password needs at least 12 characters."] },
      values: {},
    });
    // Twelve characters counted as characters, not as UTF-16 units: eleven emoji are still too short.
    const emoji = await setAppPasswordAction(IDLE, passwordForm("🔑".repeat(11)));
    expect(emoji).toMatchObject({
      status: "invalid",
      fieldErrors: { password: ["The app password needs at least 12 characters."] },
    });
    const missing = await setAppPasswordAction(IDLE, formOf({}));
    expect(missing).toMatchObject({
      status: "invalid",
      fieldErrors: { password: ["The app password needs at least 12 characters."] },
    });
    expect(h.sent.filter((r) => r.method !== "GET")).toEqual([]);
    expect(await patchesInEmulatorLog(h, DEMO_DRIVER_ID)).toEqual([]);
  });

  it("a platform outage is a plain message, and the failure line that is logged holds no password", async () => {
    const h = await use(ampeco);
    const password = "outage-secret-77";
    await h.control("PUT", "/faults", {
      rules: [{ method: "PATCH", path: "/users/v1\\.1/\\d+$", status: 503, times: 10 }],
    });
    const { result, logs } = await setAppPasswordLogged(password);
    expect(result).toMatchObject({ status: "error", message: expect.stringContaining("change your app password") });
    expect(JSON.stringify(result)).not.toContain(password);
    expect(logs.lines.map((l) => [l.level, l.fields.msg])).toContainEqual(["error", "app password change failed"]);
    for (const line of logs.lines) expect(line.text).not.toContain(password);
  });

  it("the contract's 'Reset app password' action sends nothing here: the driver is pointed at the form that works", async () => {
    const h = await use(ampeco);
    const result = await startPasswordResetAction(IDLE, new FormData());
    expect(result).toMatchObject({ status: "error", code: "unavailable" });
    expect(h.sent.filter((r) => r.method !== "GET")).toEqual([]);
  });
});

describe("ampeco: staff require a new app password at the next app sign-in", () => {
  it("sends PATCH {requirePasswordReset: true}, says what the app will do, and audits it", async () => {
    const h = await use(ampeco, SUPPORT);
    const result = await startDriverPasswordResetAction(SECOND_DRIVER_ID, IDLE, new FormData());
    expect(result).toEqual({
      status: "ok",
      message: `The charging app will ask ${SECOND_DRIVER_EMAIL} to choose a new app password at the next sign-in.`,
    });
    expect(sentTo(h, "PATCH", USER_PATCH).map((r) => [r.path, r.body])).toEqual([
      [`/public-api/resources/users/v1.1/${SECOND_DRIVER_ID}`, { requirePasswordReset: true }],
    ]);
    const user = (await h.state()).users.find((u) => u.id === SECOND_DRIVER_ID) as unknown as {
      requirePasswordReset: boolean;
    };
    expect(user.requirePasswordReset).toBe(true);
    expect(
      (await h.db.db.select().from(auditLog)).map((e) => [
        e.action,
        e.outcome,
        e.targetPlatformUserId,
        e.actorEmail,
        e.details,
      ]),
    ).toEqual([
      [
        "driver.password-reset.start",
        "success",
        SECOND_DRIVER_ID,
        SUPPORT.email,
        { how: "new app password required at the next app sign-in" },
      ],
    ]);
  });

  it("a driver may not run it: refused, audited as such, nothing sent", async () => {
    const h = await use(ampeco, DRIVER);
    const result = await startDriverPasswordResetAction(SECOND_DRIVER_ID, IDLE, new FormData());
    expect(result).toMatchObject({ status: "error", code: "forbidden" });
    expect(h.sent.filter((r) => r.method !== "GET")).toEqual([]);
    expect((await h.db.db.select().from(auditLog)).map((e) => [e.action, e.outcome])).toEqual([
      ["driver.password-reset.start", "failure"],
    ]);
  });
});

describe("ampeco: a driver created by staff gets the portal's link to set the app password", () => {
  const NEW_DRIVER = { email: "Linked.Driver@example.com", firstName: "Lina", lastName: "Link", country: "NL" };
  const address = NEW_DRIVER.email.toLowerCase();

  async function createAndReadLink(h: ServiceHarness) {
    const result = await createDriverAction(IDLE, formOf(NEW_DRIVER));
    const [mail, ...more] = await h.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, address));
    expect(more).toEqual([]);
    const token = TOKEN_IN_LINK.exec(mail?.text ?? "")?.[1] as string;
    expect(token).toBeTruthy();
    return { result, mail: mail!, token };
  }

  it("the create sends a random password the portal never keeps, then mails the link instead of a reset", async () => {
    const h = await use(ampeco, SUPPORT);
    const { result, mail, token } = await createAndReadLink(h);
    const created = (await h.state()).users.find((u) => u.email === address)!;
    expect(result).toEqual({
      status: "ok",
      data: { kind: "created", platformUserId: created.id, passwordReset: "link-mailed", signInLink: "not-requested" },
      message: `Driver ${address} was created (platform user ${created.id}). The portal mailed the driver a link to choose an app password (it works once, for ${APP_PASSWORD_LINK_DAYS} days); nobody else knows the password.`,
    });
    const [create] = sentTo(h, "POST", /\/users\/v1\.1$/);
    const randomPassword = (create?.body as { password: string }).password;
    expect(randomPassword.length).toBeGreaterThanOrEqual(24);
    // No reset of any kind was asked of the platform: the link replaces it.
    expect(sentTo(h, "PATCH", USER_PATCH)).toEqual([]);

    expect(mail.subject).toBe("Choose your charging app password");
    // The link's origin is the configured one, never the request's Host (portal.test here; issue 33, R4-3).
    const { getConfig } = await import("@/lib/core/config");
    expect(mail.text).toContain(`${getConfig().auth.publicOrigin}/app-password/set?token=${token}`);
    expect(mail.text).not.toContain("portal.test");
    expect(mail.text).toContain(`expires in ${APP_PASSWORD_LINK_DAYS} days`);
    const rows = await h.db.db.select().from(appPasswordLinks);
    expect(rows).toEqual([expect.objectContaining({ platformUserId: created.id, email: address, usedAt: null })]);
    const days = (rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()) / 86_400_000;
    expect(days).toBe(APP_PASSWORD_LINK_DAYS);
    // Only the token's hash is stored; the random password is nowhere in the portal.
    expect(JSON.stringify(rows)).not.toContain(token);
    const audits = await h.db.db.select().from(auditLog).orderBy(auditLog.id);
    expect(audits.map((e) => [e.action, e.outcome, e.targetPlatformUserId])).toEqual([
      ["driver.create", "success", created.id],
      ["driver.app-password-link.send", "success", created.id],
    ]);
    for (const stored of [rows, audits, await h.db.db.select().from(mailOutbox), result])
      expect(JSON.stringify(stored)).not.toContain(randomPassword);
  });

  it("the link sets the password once (PATCH {password} on that driver); a second use is refused", async () => {
    const h = await use(ampeco, SUPPORT);
    const { token } = await createAndReadLink(h);
    const id = (await h.state()).users.find((u) => u.email === address)!.id;
    expect(await inspectAppPasswordLink(token)).toEqual({ status: "pending", email: address });
    h.sent.length = 0;
    holder.viewer = null; // the link page is public: whoever follows the link, signed in or not

    const password = "my-own-choice-42";
    const logs = captureLogs("debug");
    let first;
    try {
      first = await setAppPasswordWithLinkAction(IDLE, passwordForm(password, password, { token }));
    } finally {
      logs.restore();
    }
    expect(first).toEqual({
      status: "ok",
      message: `Your app password was set. Sign in to the charging app with ${address} and this password.`,
    });
    expect(sentTo(h, "PATCH", USER_PATCH)).toEqual([
      { method: "PATCH", path: `/public-api/resources/users/v1.1/${id}`, body: { password } },
    ]);
    for (const line of logs.lines) expect(line.text).not.toContain(password);

    const again = await setAppPasswordWithLinkAction(IDLE, passwordForm("another-one-43", "another-one-43", { token }));
    expect(again).toEqual({ status: "error", code: "used", message: expect.stringContaining("already used") });
    expect(sentTo(h, "PATCH", USER_PATCH)).toHaveLength(1);
    expect(await inspectAppPasswordLink(token)).toEqual({ status: "used" });
  });

  it("an expired, edited or replaced link sets nothing; a mismatch keeps the link; an outage gives it back", async () => {
    const h = await use(ampeco, SUPPORT);
    const driver = { platformUserId: SECOND_DRIVER_ID, email: SECOND_DRIVER_EMAIL };
    const tokens: string[] = [];
    for (const _ of [1, 2]) {
      await mailAppPasswordLink(driver, ORIGIN);
      const mails = await h.db.db.select().from(mailOutbox).orderBy(mailOutbox.id);
      tokens.push(TOKEN_IN_LINK.exec(mails.at(-1)?.text ?? "")?.[1] as string);
    }
    const [replaced, token] = tokens as [string, string];
    expect(await setAppPasswordWithLink(replaced, "pw-1234567890")).toEqual({ status: "invalid" });

    const later = new Date(Date.now() + (APP_PASSWORD_LINK_DAYS * 24 + 1) * 3_600_000);
    expect(await setAppPasswordWithLink(token, "pw-1234567890", later)).toEqual({ status: "expired" });
    expect(await inspectAppPasswordLink(token, later)).toEqual({ status: "expired" });
    const expired = await setAppPasswordWithLinkAction(
      IDLE,
      passwordForm("pw-1234567890", "pw-1234567890", { token: "" }),
    );
    expect(expired).toMatchObject({ status: "error", code: "invalid" });

    for (const edited of [
      `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
      token.slice(1),
      `${token}x`,
      "",
      "x".repeat(5000),
      ["a"],
      null,
      undefined,
    ]) {
      expect(await setAppPasswordWithLink(edited, "pw-1234567890")).toEqual({ status: "invalid" });
      expect(await inspectAppPasswordLink(edited)).toEqual({ status: "invalid" });
    }

    const mismatch = await setAppPasswordWithLinkAction(
      IDLE,
      passwordForm("pw-1234567890", "pw-0987654321", { token }),
    );
    expect(mismatch).toEqual({
      status: "invalid",
      fieldErrors: { passwordRepeat: ["The two passwords do not match."] },
      values: {},
    });

    await h.control("PUT", "/faults", {
      rules: [{ method: "PATCH", path: "/users/v1\\.1/\\d+$", status: 503, times: 10 }],
    });
    const logs = captureLogs("debug");
    let down;
    try {
      down = await setAppPasswordWithLinkAction(IDLE, passwordForm("pw-1234567890", "pw-1234567890", { token }));
    } finally {
      logs.restore();
    }
    expect(logs.lines.map((l) => l.fields.msg)).toContain("app password link failed");
    for (const line of logs.lines) expect(line.text).not.toContain("pw-1234567890");
    expect(down).toMatchObject({ status: "error", message: expect.stringContaining("set your app password") });
    await h.control("DELETE", "/faults");
    // Only the submit that passed every check reached the platform (a write is not retried).
    expect(sentTo(h, "PATCH", USER_PATCH)).toHaveLength(1);
    expect(await patchesInEmulatorLog(h, SECOND_DRIVER_ID)).toEqual([{ status: 503, bodyKeys: ["password"] }]);
    // Still usable after all of that.
    expect(await inspectAppPasswordLink(token)).toEqual({ status: "pending", email: SECOND_DRIVER_EMAIL });
    expect(await setAppPasswordWithLink(token, "pw-1234567890")).toEqual({ status: "set", email: SECOND_DRIVER_EMAIL });
  });
  it("a link to an address the driver no longer has (staff changed it) sets nothing, and stays used up", async () => {
    const h = await use(ampeco, SUPPORT);
    await mailAppPasswordLink({ platformUserId: SECOND_DRIVER_ID, email: SECOND_DRIVER_EMAIL }, ORIGIN);
    const [mail] = await h.db.db.select().from(mailOutbox);
    const token = TOKEN_IN_LINK.exec(mail?.text ?? "")?.[1] as string;
    await h.client.users.changeEmail(SECOND_DRIVER_ID, "sam.moved@example.com");
    h.sent.length = 0;

    const result = await setAppPasswordWithLinkAction(IDLE, passwordForm("pw-1234567890", "pw-1234567890", { token }));
    expect(result).toEqual({ status: "error", code: "moved", message: expect.stringContaining("no longer uses") });
    expect(sentTo(h, "PATCH", USER_PATCH)).toEqual([]);
    expect(await inspectAppPasswordLink(token)).toEqual({ status: "used" });
  });
});

describe("contract: the platform's reset mail, unchanged", () => {
  it("the driver's 'Reset app password' asks the platform to mail the link; setting a password is not offered", async () => {
    const h = await use(contract);
    expect(await startPasswordResetAction(IDLE, new FormData())).toEqual({
      status: "ok",
      message: `A mail is on its way to ${DEMO_DRIVER_EMAIL} with a link to choose a new app password. It can take a few minutes; check your spam folder too.`,
    });
    expect(sentTo(h, "POST", /\/password-reset$/).map((r) => r.body)).toEqual([{}]);

    h.sent.length = 0;
    const set = await setAppPasswordAction(IDLE, passwordForm("would-be-password"));
    expect(set).toMatchObject({ status: "error", code: "unavailable" });
    expect(h.sent.filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("staff start the platform's reset, audited as before", async () => {
    const h = await use(contract, SUPPORT);
    expect(await startDriverPasswordResetAction(SECOND_DRIVER_ID, IDLE, new FormData())).toEqual({
      status: "ok",
      message: `The charging service is mailing ${SECOND_DRIVER_EMAIL} a link to choose a new app password.`,
    });
    expect(sentTo(h, "POST", /\/password-reset$/).map((r) => r.path)).toEqual([
      `/public-api/resources/users/v1.0/${SECOND_DRIVER_ID}/password-reset`,
    ]);
    expect(sentTo(h, "PATCH", USER_PATCH)).toEqual([]);
    expect((await h.db.db.select().from(auditLog)).map((e) => [e.action, e.details])).toEqual([
      ["driver.password-reset.start", { how: "reset mail" }],
    ]);
  });

  it("a staff-created driver gets a random password and the platform's reset mail; the portal mails no link", async () => {
    const h = await use(contract, SUPPORT);
    const result = await createDriverAction(
      IDLE,
      formOf({ email: "spec.created@example.com", firstName: "Spec", lastName: "Created", country: "NL" }),
    );
    expect(result).toMatchObject({
      status: "ok",
      data: { kind: "created", passwordReset: "started" },
      message: expect.stringContaining("The charging service is mailing the driver a link to choose an app password."),
    });
    const [create] = sentTo(h, "POST", /\/users\/v1\.1$/);
    expect(String((create?.body as { password: string }).password).length).toBeGreaterThanOrEqual(24);
    expect((await h.state()).outbox).toEqual([
      expect.objectContaining({ kind: "password-reset", to: "spec.created@example.com" }),
    ]);
    expect(await h.db.db.select().from(mailOutbox)).toEqual([]);
    expect(await h.db.db.select().from(appPasswordLinks)).toEqual([]);
    expect((await h.db.db.select().from(auditLog).orderBy(auditLog.id)).map((e) => e.action)).toEqual([
      "driver.create",
      "driver.password-reset.start",
    ]);
  });
});
