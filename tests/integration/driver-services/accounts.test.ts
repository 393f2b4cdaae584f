import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEMO_DRIVER_ID, NEW_DRIVER_ID, SECOND_DRIVER_EMAIL } from "@/lib/emulators/platform";
import { users } from "@/lib/db/schema";
import { createServiceHarness, sentTo, type ServiceHarness } from "./harness";

const holder = vi.hoisted(() => ({ harness: null as unknown as import("./harness").ServiceHarness }));
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));
vi.mock("@/lib/db/client", () => ({ getDb: async () => holder.harness.db.db }));

const { profileChanges, readProfileForm, updateDriverProfile } = await import("@/lib/accounts/profile");
const { changeDriverEmail, EmailTakenError, EmailUnchangedError } = await import("@/lib/accounts/email");
const { startDriverPasswordReset } = await import("@/lib/accounts/password-reset");
const { loadAccountView } = await import("@/lib/accounts/account-view");

let h: ServiceHarness;
beforeAll(async () => {
  h = await createServiceHarness();
  holder.harness = h;
});
afterAll(() => h.close());
beforeEach(async () => {
  h.emulator.reset();
  h.sent.length = 0;
  await h.db.db.delete(users);
});

const USER_PATCH = /\/users\/v1\.1\/\d+$/;
const EMAIL_PATCH = /\/users\/v1\.0\/\d+\/email$/;
const seen = { firstName: "Demi", lastName: "Driver", phone: "+31 6 12345678", address: "Keizersgracht 123", city: "Amsterdam", postCode: "1015 CJ", country: "NL" };

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
  it("validates with the shared schema and reports errors per field", () => {
    const reading = readProfileForm(form({ ...seen, firstName: "", phone: "12", country: "XX" }, seen));
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(Object.keys(reading.fieldErrors).sort()).toEqual(["country", "firstName", "phone"]);
  });
  it("turns an emptied optional field into 'clear' and reads the baseline", () => {
    const reading = readProfileForm(form({ ...seen, city: "  " }, seen));
    expect(reading).toMatchObject({ ok: true, submitted: { city: null, phone: "+31612345678" }, baseline: seen });
  });
  it("ignores a tampered or missing baseline (the caller then reads the user)", () => {
    for (const baseline of ["not json", JSON.stringify({ phone: 42 }), JSON.stringify({ ...seen, city: "x".repeat(301) })]) {
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
    expect((await h.client.users.getUser(DEMO_DRIVER_ID)).email).toBe("demi.new@example.com");
    const [row] = await h.db.db.select().from(users).where(eq(users.platformUserId, DEMO_DRIVER_ID));
    expect(row?.email).toBe("demi.new@example.com");
  });

  it("a 422 (address taken) throws EmailTakenError and leaves both addresses as they were", async () => {
    await h.db.db.insert(users).values({ email: "driver@example.com", platformUserId: DEMO_DRIVER_ID });
    const attempt = changeDriverEmail(DEMO_DRIVER_ID, SECOND_DRIVER_EMAIL);
    await expect(attempt).rejects.toBeInstanceOf(EmailTakenError);
    await expect(attempt).rejects.toThrow(/already used by another account/);
    expect(sentTo(h, "PATCH", EMAIL_PATCH)).toHaveLength(1);
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
    expect(sentTo(h, "PATCH", EMAIL_PATCH)).toHaveLength(0);
  });

  it("the current address is no change; a malformed one never reaches the platform", async () => {
    await h.db.db.insert(users).values({ email: "driver@example.com", platformUserId: DEMO_DRIVER_ID });
    await expect(changeDriverEmail(DEMO_DRIVER_ID, "DRIVER@example.com")).rejects.toBeInstanceOf(EmailUnchangedError);
    await expect(changeDriverEmail(DEMO_DRIVER_ID, "not-an-address")).rejects.toThrow();
    expect(sentTo(h, "PATCH", EMAIL_PATCH)).toHaveLength(0);
  });

  it("a driver without a portal account yet is changed on the platform only", async () => {
    await changeDriverEmail(NEW_DRIVER_ID, "nina@example.com");
    expect((await h.client.users.getUser(NEW_DRIVER_ID)).email).toBe("nina@example.com");
    expect(await h.db.db.select().from(users)).toHaveLength(0);
  });
});

describe("startDriverPasswordReset", () => {
  it("asks the platform, which mails the reset link to the driver", async () => {
    await startDriverPasswordReset(DEMO_DRIVER_ID);
    const state = await h.state();
    expect(state.outbox).toEqual([expect.objectContaining({ kind: "password-reset", userId: DEMO_DRIVER_ID, to: "driver@example.com" })]);
    expect(sentTo(h, "POST", /\/password-reset$/).map((r) => r.body)).toEqual([{}]);
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
    expect(view.balance).toEqual({ amount: user.balance, currency: user.currency, formatted: new Intl.NumberFormat("en-GB", { style: "currency", currency: user.currency! }).format(user.balance) });
  });

  it("turns a platform failure into a message for the page instead of throwing", async () => {
    await h.control("PUT", "/faults", { rules: [{ method: "GET", path: "/users/v1\\.1/\\d+$", status: 503, times: 10 }] });
    const down = await loadAccountView(DEMO_DRIVER_ID);
    expect(down).toEqual({ status: "error", message: expect.stringContaining("could not load your account because the charging service did not answer") });

    await h.control("PUT", "/faults", { rules: [{ method: "GET", path: "/users/v1\\.1/\\d+$", status: 404, times: 1 }] });
    expect(await loadAccountView(DEMO_DRIVER_ID)).toEqual({ status: "error", message: expect.stringContaining("could not load your account right now") });
  });

  it("logs an unexpected failure (not a platform error) and still answers with a message", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken = { users: { getUser: async () => Promise.reject(new TypeError("boom")) } } as unknown as Parameters<typeof loadAccountView>[1];
    expect(await loadAccountView(DEMO_DRIVER_ID, broken)).toEqual({ status: "error", message: "Something went wrong while we tried to load your account. Try again in a moment." });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("TypeError: boom"));
    errors.mockRestore();
  });
});
