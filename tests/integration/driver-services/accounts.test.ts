import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DEMO_DRIVER_ID, NEW_DRIVER_ID, SECOND_DRIVER_EMAIL, SECOND_DRIVER_ID } from "@/emulators/platform";
import { emailChanges, mailOutbox, passkeys, sessions, users } from "@/lib/core/db/schema";
import { toBalanceView } from "@/lib/features/accounts/balance-view";
import { inDialect, sentTo } from "./harness";
import { serviceHarnessForSuite } from "../../support/service-harness";
import { captureLogs } from "../../support/log-capture";

const holder = vi.hoisted(() => ({ harness: null as unknown as import("./harness").ServiceHarness }));
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.harness.db.db }));

const { profileChanges, readProfileForm, updateDriverProfile } = await import("@/lib/features/accounts/profile");
const { readProfileInput } = await import("@/lib/features/accounts/profile-action-spec");
const { changeDriverEmail, EmailTakenError, EmailUnchangedError } = await import("@/lib/features/accounts/email");
const { startDriverPasswordReset } = await import("@/lib/features/accounts/password-reset");
const {
  confirmEmailChange,
  inspectEmailChangeLink,
  pendingEmailChangeOf,
  requestEmailChange,
  EMAIL_CHANGE_LINK_MINUTES,
} = await import("@/lib/features/accounts/email-change");
const { loadAccountView } = await import("@/lib/features/accounts/account-view");
const { platformErrorMessage } = await import("@/lib/core/platform-errors-to-messages");
const { translatorFor } = await import("@/lib/core/i18n/translator");
/** A failed view in the words the account page shows (English). */
const pageWords = (view: Awaited<ReturnType<typeof loadAccountView>>) =>
  view.status === "error" ? platformErrorMessage(translatorFor("en"), view.error, "profile.doing.loadAccount") : null;

const h = serviceHarnessForSuite({ seams: holder });
beforeEach(async () => {
  await h.db.db.delete(users);
  await h.db.db.delete(mailOutbox);
});

const USER_PATCH = /\/users\/v1\.1\/\d+$/;
/** The platform e-mail changes sent: PATCH users/v1.0/{id}/email (contract), PATCH users/v1.1/{id} {email} (AMPECO). */
const emailChangesSent = () => h.sent.filter((r) => h.wire.isEmailChange(r));
const seen = {
  firstName: "Demi",
  lastName: "Driver",
  phone: "+31 6 12345678",
  address: "Keizersgracht 123",
  city: "Amsterdam",
  postCode: "1015 CJ",
  country: "NL",
};

function form(values: Record<string, string>, baseline?: unknown): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  if (baseline !== undefined) data.set("baseline", typeof baseline === "string" ? baseline : JSON.stringify(baseline));
  return data;
}

describe("profileChanges", () => {
  it("keeps only real changes; the same value written differently is no change", () => {
    expect(profileChanges(seen, { ...seen, phone: "+31612345678", country: "NL", postCode: "1015 cj" })).toEqual({});
    expect(profileChanges(seen, { ...seen, phone: "+31699999999" })).toEqual({ phone: "+31699999999" });
  });
  it("sends an empty string to clear an optional field, and nothing for an absent key", () => {
    expect(profileChanges(seen, { city: null })).toEqual({ city: "" });
    expect(profileChanges({ ...seen, city: null }, { city: null })).toEqual({});
    expect(profileChanges(seen, {})).toEqual({});
  });
});

describe("readProfileForm", () => {
  it("validates with the shared schema and names each field's problem as a catalogue key", () => {
    const reading = readProfileForm(form({ ...seen, firstName: "", phone: "12", country: "XX" }, seen));
    expect(reading.ok).toBe(false);
    if (!reading.ok)
      expect(reading.issues.map((issue) => [issue.path[0], issue.message]).sort()).toEqual([
        ["country", "profile.errors.country"],
        ["firstName", "profile.errors.firstName.required"],
        ["phone", "profile.errors.phone.invalid"],
      ]);
  });
  it("the actions read it with errors per field in the request's words", () => {
    const reading = readProfileInput(form({ ...seen, firstName: "" }, seen), translatorFor("en"));
    expect(reading).toEqual({ ok: false, fieldErrors: { firstName: ["Enter your first name."] } });
  });
  it("turns an emptied optional field into 'clear' and reads the baseline", () => {
    const reading = readProfileForm(form({ ...seen, city: "  " }, seen));
    expect(reading).toMatchObject({ ok: true, submitted: { city: null, phone: "+31612345678" }, baseline: seen });
  });
  it("ignores a tampered or missing baseline (the caller then reads the user)", () => {
    for (const baseline of [
      "not json",
      JSON.stringify({ phone: 42 }),
      JSON.stringify({ ...seen, city: "x".repeat(301) }),
    ]) {
      expect(readProfileForm(form(seen, baseline))).toMatchObject({ ok: true, baseline: null });
    }
    expect(readProfileForm(form(seen))).toMatchObject({ ok: true, baseline: null });
  });
});

describe("updateDriverProfile", () => {
  it("sends only the changed phone, so a change made meanwhile elsewhere survives", async () => {
    // Support changes the city after the driver opened the form.
    await h.client.users.updateUser(DEMO_DRIVER_ID, { city: "Haarlem" });
    h.sent.length = 0;
    const { changed, user } = await updateDriverProfile(DEMO_DRIVER_ID, seen, { ...seen, phone: "+31 6 1111 2222" });
    expect(changed).toEqual(["phone"]);
    expect(sentTo(h, "PATCH", USER_PATCH).map((r) => r.body)).toEqual([{ phone: "+31 6 1111 2222" }]);
    expect(user).toMatchObject({ phone: "+31 6 1111 2222", city: "Haarlem", email: "driver@example.com" });
  });
  it("sends no update when nothing changed", async () => {
    const { changed } = await updateDriverProfile(DEMO_DRIVER_ID, seen, seen);
    expect(changed).toEqual([]);
    expect(sentTo(h, "PATCH", USER_PATCH)).toHaveLength(0);
  });
  it("a whole PlatformUser serves as the current snapshot", async () => {
    const current = await h.client.users.getUser(NEW_DRIVER_ID);
    const { changed } = await updateDriverProfile(NEW_DRIVER_ID, current, { city: "Delft", firstName: "Nina" });
    expect(changed).toEqual(["city"]);
  });
});

describe("changeDriverEmail", () => {
  it("changes the platform address, then the linked portal account, so sign-in follows", async () => {
    await h.db.db.insert(users).values({ email: "driver@example.com", platformUserId: DEMO_DRIVER_ID });
    await changeDriverEmail(DEMO_DRIVER_ID, " Demi.New@Example.com ");
    expect(h.sent.filter((r) => h.wire.isEmailChange(r, DEMO_DRIVER_ID)).map((r) => r.body)).toEqual([
      { email: "demi.new@example.com" },
    ]);
    expect((await h.client.users.getUser(DEMO_DRIVER_ID)).email).toBe("demi.new@example.com");
    const [row] = await h.db.db.select().from(users).where(eq(users.platformUserId, DEMO_DRIVER_ID));
    expect(row?.email).toBe("demi.new@example.com");
  });

  it("a 422 (address taken) throws EmailTakenError and leaves both addresses as they were", async () => {
    await h.db.db.insert(users).values({ email: "driver@example.com", platformUserId: DEMO_DRIVER_ID });
    const attempt = changeDriverEmail(DEMO_DRIVER_ID, SECOND_DRIVER_EMAIL);
    await expect(attempt).rejects.toBeInstanceOf(EmailTakenError);
    await expect(attempt).rejects.toThrow(/already used by another account/);
    expect(emailChangesSent()).toHaveLength(1);
    expect((await h.client.users.getUser(DEMO_DRIVER_ID)).email).toBe("driver@example.com");
    const [row] = await h.db.db.select().from(users).where(eq(users.platformUserId, DEMO_DRIVER_ID));
    expect(row?.email).toBe("driver@example.com");
  });

  it("an address owned by another portal account (staff) is refused before the platform is asked", async () => {
    await h.db.db.insert(users).values([
      { email: "driver@example.com", platformUserId: DEMO_DRIVER_ID },
      { email: "support@example.com", role: "support" },
    ]);
    await expect(changeDriverEmail(DEMO_DRIVER_ID, "support@example.com")).rejects.toBeInstanceOf(EmailTakenError);
    expect(emailChangesSent()).toHaveLength(0);
  });

  it("the current address is no change; a malformed one never reaches the platform", async () => {
    await h.db.db.insert(users).values({ email: "driver@example.com", platformUserId: DEMO_DRIVER_ID });
    await expect(changeDriverEmail(DEMO_DRIVER_ID, "DRIVER@example.com")).rejects.toBeInstanceOf(EmailUnchangedError);
    await expect(changeDriverEmail(DEMO_DRIVER_ID, "not-an-address")).rejects.toThrow();
    expect(emailChangesSent()).toHaveLength(0);
  });

  it("a driver without a portal account yet is changed on the platform only", async () => {
    await changeDriverEmail(NEW_DRIVER_ID, "nina@example.com");
    expect((await h.client.users.getUser(NEW_DRIVER_ID)).email).toBe("nina@example.com");
    expect(await h.db.db.select().from(users)).toHaveLength(0);
  });
});

describe("a driver's own e-mail change: a link to the new address, then the change", () => {
  const DRIVER = {
    userId: "u-demi",
    email: "driver@example.com",
    platformUserId: DEMO_DRIVER_ID,
    role: "driver" as const,
  };
  const DAY = 86_400_000;
  const ORIGIN = "http://portal.test";

  async function driverWithSessions() {
    await h.db.db
      .insert(users)
      .values({ id: DRIVER.userId, email: DRIVER.email, platformUserId: DEMO_DRIVER_ID, emailVerified: new Date(0) });
    await h.db.db.insert(sessions).values(
      ["here", "phone", "laptop"].map((sessionToken) => ({
        sessionToken,
        userId: DRIVER.userId,
        expires: new Date(Date.now() + DAY),
      })),
    );
  }
  const mailsTo = (to: string) => h.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);
  const tokenIn = (text: string | undefined) => /token=([A-Za-z0-9_-]{43})/.exec(text ?? "")?.[1] as string;
  const account = async () => (await h.db.db.select().from(users).where(eq(users.id, DRIVER.userId)))[0]!;

  it("asking changes nothing: one pending row holding only the token's hash, and a link mailed to the new address", async () => {
    await driverWithSessions();
    expect(await requestEmailChange(DRIVER, " Demi.New@Example.com ", ORIGIN)).toEqual({
      newEmail: "demi.new@example.com",
    });
    expect(emailChangesSent()).toHaveLength(0);
    expect((await h.client.users.getUser(DEMO_DRIVER_ID)).email).toBe("driver@example.com");
    expect((await account()).email).toBe("driver@example.com");
    expect(await h.db.db.select().from(sessions)).toHaveLength(3);

    const [mail] = await mailsTo("demi.new@example.com");
    expect(mail?.subject).toBe("Confirm your new Driver Portal e-mail address");
    expect(mail?.text).toContain(`${ORIGIN}/account/email/confirm?token=`);
    expect(mail?.text).toContain(`expires in ${EMAIL_CHANGE_LINK_MINUTES} minutes`);
    const token = tokenIn(mail?.text);
    const rows = await h.db.db.select().from(emailChanges);
    expect(rows).toEqual([
      expect.objectContaining({ userId: DRIVER.userId, newEmail: "demi.new@example.com", usedAt: null }),
    ]);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await mailsTo("driver@example.com")).toEqual([]);
  });

  it("mails no link for an address another portal account or platform user has (its owner gets a note), and refuses the current one", async () => {
    await driverWithSessions();
    await h.db.db.insert(users).values({ email: "support@example.com", role: "support" });
    for (const taken of ["support@example.com", SECOND_DRIVER_EMAIL])
      expect(await requestEmailChange(DRIVER, taken, ORIGIN)).toEqual({ newEmail: taken });
    await expect(requestEmailChange(DRIVER, "DRIVER@example.com", ORIGIN)).rejects.toBeInstanceOf(EmailUnchangedError);
    const mails = await h.db.db.select().from(mailOutbox);
    expect(mails.map((m) => m.to).sort()).toEqual(["support@example.com", SECOND_DRIVER_EMAIL].sort());
    expect(mails.map((m) => m.text).join("\n")).not.toContain("token=");
    // The change is recorded as a free address's is (its token mailed to no one), so the overview's notice leaks nothing.
    const waiting = await pendingEmailChangeOf(DRIVER.userId);
    expect(waiting?.newEmail).toBe(SECOND_DRIVER_EMAIL);
    await requestEmailChange(DRIVER, "free.address@example.com", ORIGIN);
    expect(Object.keys((await pendingEmailChangeOf(DRIVER.userId)) ?? {})).toEqual(Object.keys(waiting ?? {}));
    expect((await h.db.db.select().from(emailChanges)).map((row) => row.newEmail)).toEqual([
      "free.address@example.com",
    ]);
  });

  it("names no waiting change once its link has expired", async () => {
    await driverWithSessions();
    await requestEmailChange(DRIVER, "later@example.com", ORIGIN);
    expect((await pendingEmailChangeOf(DRIVER.userId))?.newEmail).toBe("later@example.com");
    const afterExpiry = new Date(Date.now() + (EMAIL_CHANGE_LINK_MINUTES + 1) * 60_000);
    expect(await pendingEmailChangeOf(DRIVER.userId, afterExpiry)).toBeNull();
  });

  it("following the link as the account changes platform and portal, ends every session, removes the passkeys, and notices the old address", async () => {
    await driverWithSessions();
    await h.db.db.insert(passkeys).values({ id: "pk-demi", userId: DRIVER.userId, publicKey: "pk", name: "Phone" });
    await requestEmailChange(DRIVER, "demi.new@example.com", ORIGIN);
    const token = tokenIn((await mailsTo("demi.new@example.com"))[0]?.text);
    expect(await inspectEmailChangeLink(DRIVER.userId, token)).toEqual({
      status: "pending",
      newEmail: "demi.new@example.com",
    });

    expect(await confirmEmailChange(DRIVER, token)).toEqual({
      status: "changed",
      from: "driver@example.com",
      to: "demi.new@example.com",
    });
    expect((await h.client.users.getUser(DEMO_DRIVER_ID)).email).toBe("demi.new@example.com");
    const changed = await account();
    expect(changed.email).toBe("demi.new@example.com");
    expect(changed.emailVerified!.getTime()).toBeGreaterThan(0);
    expect(changed.emailChangedAt).toBeInstanceOf(Date);
    expect(await h.db.db.select().from(sessions)).toEqual([]);
    expect(await h.db.db.select().from(passkeys)).toEqual([]);
    expect(changed.role).toBe("driver");
    const [notice] = await mailsTo("driver@example.com");
    expect(notice?.subject).toBe("Your Driver Portal e-mail address was changed");
    expect(notice?.text).toMatch(/contact support right away at \S+@\S+/);

    // Single use.
    expect(await confirmEmailChange(DRIVER, token)).toEqual({ status: "used" });
    expect(await inspectEmailChangeLink(DRIVER.userId, token)).toEqual({ status: "used" });
  });

  it("an expired, edited, replaced or other account's link changes nothing and says which", async () => {
    await driverWithSessions();
    await h.db.db.insert(users).values({ id: "u-other", email: "other@example.com", platformUserId: SECOND_DRIVER_ID });
    await requestEmailChange(DRIVER, "first.try@example.com", ORIGIN);
    const replaced = tokenIn((await mailsTo("first.try@example.com"))[0]?.text);
    await requestEmailChange(DRIVER, "demi.new@example.com", ORIGIN);
    const token = tokenIn((await mailsTo("demi.new@example.com"))[0]?.text);

    expect(await confirmEmailChange(DRIVER, replaced)).toEqual({ status: "invalid" });
    for (const edited of [
      `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
      token.slice(1),
      "",
      "x".repeat(5000),
      ["a"],
      null,
    ]) {
      expect(await confirmEmailChange(DRIVER, edited)).toEqual({ status: "invalid" });
    }
    expect(
      await confirmEmailChange(
        { userId: "u-other", email: "other@example.com", platformUserId: SECOND_DRIVER_ID, role: "driver" },
        token,
      ),
    ).toEqual({ status: "other-account" });
    const later = new Date(Date.now() + (EMAIL_CHANGE_LINK_MINUTES + 1) * 60_000);
    expect(await confirmEmailChange(DRIVER, token, later)).toEqual({ status: "expired" });
    expect(emailChangesSent()).toHaveLength(0);
    expect((await account()).email).toBe("driver@example.com");
    expect(await h.db.db.select().from(sessions)).toHaveLength(3);
    // None of that used the link up.
    expect(await inspectEmailChangeLink(DRIVER.userId, token)).toEqual({
      status: "pending",
      newEmail: "demi.new@example.com",
    });
  });

  it("an address taken meanwhile is refused at confirmation; a platform outage leaves the link usable", async () => {
    await driverWithSessions();
    await requestEmailChange(DRIVER, "demi.new@example.com", ORIGIN);
    const token = tokenIn((await mailsTo("demi.new@example.com"))[0]?.text);

    await h.control("PUT", "/faults", { rules: [{ ...h.wire.emailChangeFault, status: 503, times: 10 }] });
    await expect(confirmEmailChange(DRIVER, token)).rejects.toThrow();
    await h.control("DELETE", "/faults");
    expect(await inspectEmailChangeLink(DRIVER.userId, token)).toEqual({
      status: "pending",
      newEmail: "demi.new@example.com",
    });

    await h.client.users.createUser({
      email: "demi.new@example.com",
      password: "app-secret-1",
      firstName: "Someone",
      lastName: "Else",
      country: "NL",
    });
    expect(await confirmEmailChange(DRIVER, token)).toEqual({ status: "taken" });
    expect((await account()).email).toBe("driver@example.com");
    expect((await h.client.users.getUser(DEMO_DRIVER_ID)).email).toBe("driver@example.com");
    expect(await h.db.db.select().from(sessions)).toHaveLength(3);
  });
});

inDialect("contract", describe)("startDriverPasswordReset (contract: a reset mail)", () => {
  it("asks the platform, which mails the reset link to the driver", async () => {
    await startDriverPasswordReset(DEMO_DRIVER_ID);
    const state = await h.state();
    expect(state.outbox).toEqual([
      expect.objectContaining({ kind: "password-reset", userId: DEMO_DRIVER_ID, to: "driver@example.com" }),
    ]);
    expect(h.sent.filter((r) => h.wire.isPasswordReset(r, DEMO_DRIVER_ID)).map((r) => r.body)).toEqual([{}]);
  });
});

inDialect("ampeco", describe)("startDriverPasswordReset (AMPECO: requirePasswordReset)", () => {
  it("asks the platform to demand a new password at the driver's next app sign-in; no mail, nothing else changed", async () => {
    const before = (await h.state()).users.find((u) => u.id === DEMO_DRIVER_ID)!;
    expect(before.requirePasswordReset).toBe(false);
    await startDriverPasswordReset(DEMO_DRIVER_ID);
    expect(h.sent.filter((r) => r.method !== "GET")).toEqual([
      {
        method: "PATCH",
        path: `/public-api/resources/users/v1.1/${DEMO_DRIVER_ID}`,
        body: { requirePasswordReset: true },
      },
    ]);
    const state = await h.state();
    expect(state.outbox).toEqual([]);
    expect(state.users.find((u) => u.id === DEMO_DRIVER_ID)).toEqual({
      ...before,
      requirePasswordReset: true,
      updatedAt: expect.any(String),
    });
  });
});

describe("loadAccountView", () => {
  it("gives the page the portal's view of the driver: greeting name, e-mail, formatted balance, profile; nothing else", async () => {
    const view = await loadAccountView(DEMO_DRIVER_ID);
    expect(view.status).toBe("ok");
    if (view.status !== "ok") return;
    expect(Object.keys(view).sort()).toEqual(["balance", "email", "firstName", "profile", "status"]);
    expect(view.firstName).toBe("Demi");
    expect(view.profile).toEqual(seen);
    const user = (await h.state()).users.find((u) => u.id === DEMO_DRIVER_ID)!;
    expect(view.email).toBe(user.email);
    expect(view.balance).toEqual({
      amount: user.balance,
      currency: user.currency,
      formatted: new Intl.NumberFormat("en-GB", { style: "currency", currency: user.currency! }).format(user.balance),
    });
  });

  it("turns a platform failure into a message for the page instead of throwing", async () => {
    await h.control("PUT", "/faults", {
      rules: [{ method: "GET", path: "/users/v1\\.1/\\d+$", status: 503, times: 10 }],
    });
    const down = await loadAccountView(DEMO_DRIVER_ID);
    expect(down).toEqual({ status: "error", error: expect.anything() });
    expect(pageWords(down)).toContain("could not load your account because the charging service did not answer");

    await h.control("PUT", "/faults", {
      rules: [{ method: "GET", path: "/users/v1\\.1/\\d+$", status: 404, times: 1 }],
    });
    expect(pageWords(await loadAccountView(DEMO_DRIVER_ID))).toContain("could not load your account right now");
  });

  it("logs an unexpected failure (not a platform error) and still answers with a message", async () => {
    const logs = captureLogs();
    const broken = { users: { getUser: async () => Promise.reject(new TypeError("boom")) } } as unknown as Parameters<
      typeof loadAccountView
    >[1];
    expect(pageWords(await loadAccountView(DEMO_DRIVER_ID, broken))).toBe(
      "Something went wrong while we tried to load your account. Try again in a moment.",
    );
    logs.restore();
    expect(logs.lines).toEqual([
      expect.objectContaining({
        level: "error",
        fields: expect.objectContaining({ error: { type: "TypeError", message: "boom" } }),
      }),
    ]);
  });
});

inDialect("ampeco", describe)("issue 24: a partner without options.addUserBalance", () => {
  it("reads the user without a balance, and the portal's view says not available instead of zero", async () => {
    await h.control("PUT", "/settings", {
      partners: [{ id: 1116, name: "Driver Portal", createUsers: true, addUserBalance: false }],
    });
    const user = await h.client.users.getUser(DEMO_DRIVER_ID);
    expect(user.balance).toBeNull();
    expect(toBalanceView(user, "en")).toMatchObject({ amount: null, formatted: null });
  });
});
