import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_DRIVER_EMAIL, DEMO_DRIVER_ID, NEW_DRIVER_ID } from "@/emulators/platform";
import { startPlatformEmulator } from "@/tests/support/platform-emulator-server";
import { openForSuite } from "@/tests/support/suite-harness";
import {
  collectPages,
  ErrorBody,
  expectError,
  expectFieldErrors,
  page,
  shape,
  UserCreated,
  UserRead,
  UserUpdated,
} from "./schemas";

const USERS = "/public-api/resources/users/v1.1";
const emu = openForSuite(() => startPlatformEmulator());
beforeEach(() => emu.emulator.reset());

const newUser = (overrides: Record<string, unknown> = {}) => ({
  email: "ada@example.org",
  password: "s3cret!",
  first_name: "Ada",
  last_name: "Lovelace",
  phone: "+31 20 1234567",
  address: "Damrak 1",
  city: "Amsterdam",
  post_code: "1012 LG",
  country: "NL",
  partnerId: 1116,
  userGroupId: 257,
  ...overrides,
});

describe("create user", () => {
  it("201 with a string id, balance 0, currency null; stores the profile but never the password", async () => {
    const res = await emu.call("POST", USERS, { body: newUser({ unknownField: "ignored" }) });
    expect(res.status).toBe(201);
    const created = shape(UserCreated, res.body.data);
    expect(created).toMatchObject({
      email: "ada@example.org",
      firstName: "Ada",
      lastName: "Lovelace",
      phone: "+31 20 1234567",
    });

    const read = shape(UserRead, (await emu.call("GET", `${USERS}/${created.id}`)).body.data);
    expect(read).toMatchObject({
      id: Number(created.id),
      address: "Damrak 1",
      city: "Amsterdam",
      postCode: "1012 LG",
      country: "NL",
    });

    const state = await emu.call("GET", "/__emulator/state");
    expect(state.text).not.toContain("s3cret!");
    expect(state.text).not.toContain("passwordHash");
    const stored = state.body.users.find((u: { email: string }) => u.email === "ada@example.org");
    expect(stored).toMatchObject({ partnerId: 1116, userGroupId: 257 });
    expect(stored).not.toHaveProperty("unknownField");
  });

  it("needs only email and password", async () => {
    const res = await emu.call("POST", USERS, { body: { email: "min@example.org", password: "123456" } });
    expect(res.status).toBe(201);
    expect(shape(UserCreated, res.body.data)).toMatchObject({ firstName: null, lastName: null, phone: null });
  });

  it("422 when email or password is missing or invalid", async () => {
    expectFieldErrors(await emu.call("POST", USERS, { body: {} }), "email", "password");
    const errors = expectFieldErrors(
      await emu.call("POST", USERS, { body: newUser({ email: "not-an-email", password: "12345" }) }),
      "email",
      "password",
    );
    expect(errors.password?.[0]).toMatch(/at least 6/);
  });

  it("422 for wrong types and a lower-case country", async () => {
    const res = await emu.call("POST", USERS, {
      body: newUser({ first_name: 42, partnerId: "1116", country: "nl", userGroupId: 2.5 }),
    });
    expectFieldErrors(res, "first_name", "partnerId", "country", "userGroupId");
  });

  it("422 'already taken' for a duplicate e-mail in any letter case, and no second user", async () => {
    const res = await emu.call("POST", USERS, { body: newUser({ email: DEMO_DRIVER_EMAIL.toUpperCase() }) });
    const errors = expectFieldErrors(res, "email");
    expect(errors.email).toEqual(["The email has already been taken."]);
    const state = await emu.call("GET", "/__emulator/state");
    expect(state.body.users.filter((u: { email: string }) => u.email.toLowerCase() === DEMO_DRIVER_EMAIL)).toHaveLength(
      1,
    );
  });
});

describe("list users", () => {
  it("filter[email] is an exact, case-insensitive match and ids are integers", async () => {
    const res = await emu.call("GET", `${USERS}?filter[email]=${encodeURIComponent("Driver@Example.COM")}`);
    expect(res.status).toBe(200);
    const body = shape(page(UserRead), res.body);
    expect(body.data.map((u) => u.id)).toEqual([DEMO_DRIVER_ID]);
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 15, total: 1 });
    expect(body.links.next).toBeNull();

    const partial = shape(page(UserRead), (await emu.call("GET", `${USERS}?filter[email]=driver@example`)).body);
    expect(partial.meta.total).toBe(0);
    expect(partial.data).toEqual([]);
  });

  it("pages with per_page and links.next until the last page", async () => {
    for (let i = 0; i < 4; i++)
      expect((await emu.call("POST", USERS, { body: { email: `u${i}@example.org`, password: "123456" } })).status).toBe(
        201,
      );
    const first = await emu.call("GET", `${USERS}?per_page=2`);
    const pages = await collectPages(first, emu.get);
    const bodies = pages.map((p) => shape(page(UserRead), p.body));
    expect(bodies).toHaveLength(4); // 3 seeded + 4 created = 7 users
    expect(bodies.map((b) => b.meta.current_page)).toEqual([1, 2, 3, 4]);
    expect(bodies.every((b) => b.meta.last_page === 4 && b.meta.total === 7 && b.meta.per_page === 2)).toBe(true);
    const ids = bodies.flatMap((b) => b.data.map((u) => u.id));
    expect(new Set(ids).size).toBe(7);
    expect(bodies.at(-1)?.links.next).toBeNull();
    expect(new URL(bodies[0]!.links.next!).searchParams.get("page")).toBe("2");
  });
});

describe("get user", () => {
  it("200 with the full user, balance and currency", async () => {
    const res = await emu.call("GET", `${USERS}/${DEMO_DRIVER_ID}`);
    expect(res.status).toBe(200);
    expect(shape(UserRead, res.body.data)).toMatchObject({
      id: DEMO_DRIVER_ID,
      email: DEMO_DRIVER_EMAIL,
      firstName: "Demi",
      balance: 42.5,
      currency: "EUR",
    });
    expect(shape(UserRead, (await emu.call("GET", `${USERS}/${NEW_DRIVER_ID}`)).body.data)).toMatchObject({
      balance: 0,
      currency: null,
    });
  });

  it("404 with a Laravel-style message for an unknown or non-integer id", async () => {
    expectError(await emu.call("GET", `${USERS}/999999`), 404, "No query results for model [User] 999999");
    for (const bad of ["abc", "1.5", "-1", "0", "1001abc", "99999999999"]) {
      expectError(await emu.call("GET", `${USERS}/${bad}`), 404);
    }
  });
});

describe("update user", () => {
  it("changes only the fields sent and ignores email/password", async () => {
    const res = await emu.call("PATCH", `${USERS}/${DEMO_DRIVER_ID}`, {
      body: { phone: "+31 6 00000000", city: "Haarlem", email: "hijack@example.org", password: "xxxxxxxx" },
    });
    expect(res.status).toBe(200);
    const updated = shape(UserUpdated, res.body.data);
    expect(updated).toMatchObject({
      id: DEMO_DRIVER_ID,
      phone: "+31 6 00000000",
      city: "Haarlem",
      firstName: "Demi",
      email: DEMO_DRIVER_EMAIL,
    });
    const read = shape(UserRead, (await emu.call("GET", `${USERS}/${DEMO_DRIVER_ID}`)).body.data);
    expect(read).toMatchObject({
      phone: "+31 6 00000000",
      city: "Haarlem",
      lastName: "Driver",
      address: "Keizersgracht 123",
      email: DEMO_DRIVER_EMAIL,
    });
  });

  it("accepts all seven profile fields", async () => {
    const body = {
      first_name: "D",
      last_name: "E",
      phone: "1",
      address: "Main 2",
      city: "Delft",
      post_code: "2611 AA",
      country: "BE",
    };
    const res = await emu.call("PATCH", `${USERS}/${NEW_DRIVER_ID}`, { body });
    expect(shape(UserUpdated, res.body.data)).toMatchObject({
      firstName: "D",
      lastName: "E",
      address: "Main 2",
      postCode: "2611 AA",
      country: "BE",
    });
  });

  it("422 for wrong types, 404 for an unknown user", async () => {
    expectFieldErrors(
      await emu.call("PATCH", `${USERS}/${DEMO_DRIVER_ID}`, { body: { phone: 612345678, country: "NLD" } }),
      "phone",
      "country",
    );
    expectError(await emu.call("PATCH", `${USERS}/424242`, { body: { phone: "1" } }), 404);
  });
});

describe("change e-mail (v1.0)", () => {
  const path = (id: number | string) => `/public-api/resources/users/v1.0/${id}/email`;

  it("200 with {id (integer), email}; the new address is used from then on", async () => {
    const res = await emu.call("PATCH", path(NEW_DRIVER_ID), { body: { email: "nina@example.org" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { id: NEW_DRIVER_ID, email: "nina@example.org" } });
    const found = await emu.call("GET", `${USERS}?filter[email]=nina@example.org`);
    expect(found.body.data[0].id).toBe(NEW_DRIVER_ID);
  });

  it("422 when the address belongs to another user, and the old address stays", async () => {
    const errors = expectFieldErrors(
      await emu.call("PATCH", path(NEW_DRIVER_ID), { body: { email: "DRIVER@example.com" } }),
      "email",
    );
    expect(errors.email).toEqual(["The email has already been taken."]);
    const read = await emu.call("GET", `${USERS}/${NEW_DRIVER_ID}`);
    expect(read.body.data.email).toBe("new.driver@example.com");
  });

  it("422 for an invalid or missing address, 404 for an unknown user", async () => {
    expectFieldErrors(await emu.call("PATCH", path(NEW_DRIVER_ID), { body: { email: "nope" } }), "email");
    expectFieldErrors(await emu.call("PATCH", path(NEW_DRIVER_ID), { body: {} }), "email");
    expectFieldErrors(await emu.call("PATCH", path(NEW_DRIVER_ID), { body: { email: ["a@b.nl"] } }), "email");
    expectError(await emu.call("PATCH", path(9999), { body: { email: "x@example.org" } }), 404);
  });
});

describe("password reset (v1.0)", () => {
  const path = (id: number | string) => `/public-api/resources/users/v1.0/${id}/password-reset`;

  it("204 without a body and a reset mail in the outbox", async () => {
    const res = await emu.call("POST", path(DEMO_DRIVER_ID), { body: {} });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    const outbox = await emu.call("GET", "/__emulator/outbox");
    expect(outbox.body.data).toHaveLength(1);
    const mail = outbox.body.data[0];
    expect(mail).toMatchObject({ to: DEMO_DRIVER_EMAIL, kind: "password-reset", userId: DEMO_DRIVER_ID });
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.body).toMatch(/https:\/\/\S+reset-password\?token=[0-9a-f]{32}/);
    expect(Date.parse(mail.sentAt)).not.toBeNaN();
  });

  it("404 for an unknown user and no mail", async () => {
    shape(ErrorBody, expectError(await emu.call("POST", path(5555), { body: {} }), 404));
    expect((await emu.call("GET", "/__emulator/outbox")).body.data).toEqual([]);
  });
});
