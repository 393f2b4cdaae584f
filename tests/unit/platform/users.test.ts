import { describe, expect, it } from "vitest";
import {
  PlatformForbiddenError,
  PlatformNotFoundError,
  PlatformResponseError,
  PlatformUnauthorizedError,
  PlatformValidationError,
  VoucherRejectedError,
} from "@/lib/platform/errors";
import { caught, harness, listJson, reply, userJson } from "./fake-platform";

const createInput = {
  email: "jane.driver@example.org",
  password: "correct horse",
  firstName: "Jane",
  lastName: "Driver",
  phone: "+31612345678",
  postCode: "1015AA",
  city: "Amsterdam",
  country: "NL",
};

describe("users", () => {
  it("sends create in snake_case with partnerId and userGroupId, and normalises the string id", async () => {
    const created = {
      id: "1004",
      email: createInput.email,
      firstName: "Jane",
      lastName: "Driver",
      phone: "+31612345678",
      balance: 0,
      currency: null,
      createdAt: "2026-03-01T09:00:00Z",
    };
    const h = harness([reply({ data: created }, 201)]);
    const user = await h.client.users.createUser(createInput);
    expect(h.requests[0]?.method).toBe("POST");
    expect(h.requests[0]?.body).toEqual({
      email: "jane.driver@example.org",
      password: "correct horse",
      first_name: "Jane",
      last_name: "Driver",
      phone: "+31612345678",
      city: "Amsterdam",
      post_code: "1015AA",
      country: "NL",
      partnerId: 1116,
      userGroupId: 257,
    });
    expect(user.id).toBe(1004);
    expect(typeof user.id).toBe("number");
    // Not echoed by create, filled from what was sent; never sent, so null.
    expect(user).toMatchObject({ postCode: "1015AA", country: "NL", address: null, balance: 0, currency: null });
  });

  it("sends only the changed fields on update, in snake_case", async () => {
    const h = harness([reply({ data: userJson({ city: "Utrecht", postCode: "3511AA" }) })]);
    const user = await h.client.users.updateUser(734519, { city: "Utrecht", postCode: "3511AA", firstName: undefined });
    expect(h.requests[0]?.body).toEqual({ city: "Utrecht", post_code: "3511AA" });
    expect(user.city).toBe("Utrecht");
  });

  it("maps first and last name to first_name and last_name on update", async () => {
    const h = harness([reply({ data: userJson() })]);
    await h.client.users.updateUser(734519, {
      firstName: "J",
      lastName: "D",
      address: "Dam 1",
      phone: "1",
      country: "BE",
    });
    expect(h.requests[0]?.body).toEqual({
      first_name: "J",
      last_name: "D",
      address: "Dam 1",
      phone: "1",
      country: "BE",
    });
  });

  it("re-reads the user when an update answer is a subset without the e-mail", async () => {
    const h = harness([reply({ data: { id: 734519, phone: "+3100" } }), reply({ data: userJson({ phone: "+3100" }) })]);
    const user = await h.client.users.updateUser(734519, { phone: "+3100" });
    expect(h.requests.map((r) => r.method)).toEqual(["PATCH", "GET"]);
    expect(user).toMatchObject({ email: "jane.driver@example.org", phone: "+3100" });
  });

  it("maps a full user read and tolerates a subset", async () => {
    const h = harness([
      reply({ data: userJson({ balance: "17.250" }) }),
      reply({ data: { id: "734519", email: "x@example.org" } }),
    ]);
    const full = await h.client.users.getUser(734519);
    // Every field as sent, the balance as a number; the contract has no user status.
    expect(full).toEqual({ ...userJson(), balance: 17.25, disabled: false });
    const subset = await h.client.users.getUser(734519);
    expect(subset).toMatchObject({ id: 734519, firstName: null, balance: null, currency: null });
  });

  it("rejects a user read without an e-mail", async () => {
    const h = harness([reply({ data: { id: 734519 } })]);
    expect(await caught(h.client.users.getUser(734519))).toBeInstanceOf(PlatformResponseError);
  });

  it("finds a user by exact e-mail via filter[email]", async () => {
    const h = harness([
      reply(
        listJson(
          [
            userJson({ id: 1, email: "jane.driver@example.org.uk" }),
            userJson({ id: 2, email: "Jane.Driver@Example.org" }),
          ],
          null,
        ),
      ),
      reply(listJson([], null)),
    ]);
    const found = await h.client.users.findUserByEmail("jane.driver@example.org");
    expect(found?.id).toBe(2);
    expect(h.requests[0]?.url.searchParams.get("filter[email]")).toBe("jane.driver@example.org");
    expect(await h.client.users.findUserByEmail("nobody@example.org")).toBeNull();
  });

  it("lists users as a Page", async () => {
    const h = harness([
      reply(
        listJson([userJson()], `https://platform.example.test/public-api/resources/users/v1.1?page=2`, {
          current_page: 1,
          last_page: 3,
          per_page: 1,
          total: 3,
        }),
      ),
    ]);
    const page = await h.client.users.listUsers({ page: 1, perPage: 1 });
    expect(page).toMatchObject({ page: 1, perPage: 1, total: 3, lastPage: 3, hasNext: true });
    expect(page.items[0]?.id).toBe(734519);
    expect(h.requests[0]?.url.search).toBe("?page=1&per_page=1");
  });

  it("changes the e-mail and surfaces a 422 with field errors", async () => {
    const h = harness([
      reply({ data: { id: 734519, email: "new@example.org" } }),
      reply({ message: "The given data was invalid.", errors: { email: ["The email has already been taken."] } }, 422),
    ]);
    expect(await h.client.users.changeEmail(734519, "new@example.org")).toEqual({
      id: 734519,
      email: "new@example.org",
    });
    expect(h.requests[0]?.body).toEqual({ email: "new@example.org" });
    const error = await caught(h.client.users.changeEmail(734519, "taken@example.org"));
    expect(error).toBeInstanceOf(PlatformValidationError);
    expect((error as PlatformValidationError).fieldErrors).toEqual({ email: ["The email has already been taken."] });
    expect((error as PlatformValidationError).platformMessage).toBe("The given data was invalid.");
    expect((error as Error).message).toContain("users.changeEmail");
    expect((error as Error).message).not.toContain("taken@example.org");
  });
});

describe("status → typed error", () => {
  it.each([
    [401, PlatformUnauthorizedError, "unauthorized"],
    [403, PlatformForbiddenError, "forbidden"],
    [404, PlatformNotFoundError, "not_found"],
    [406, VoucherRejectedError, "voucher_rejected"],
    [422, PlatformValidationError, "validation"],
  ] as const)("maps %d on vouchers.redeem", async (status, type, code) => {
    const body =
      status === 422 ? { message: "invalid", errors: { code: ["The code field is required."] } } : { message: "nope" };
    const h = harness([reply(body, status)]);
    const error = await caught(h.client.vouchers.redeemVoucher(734519, ""));
    expect(error).toBeInstanceOf(type);
    expect(error).toMatchObject({ code, status, endpoint: "vouchers.redeem" });
    if (status === 422)
      expect((error as PlatformValidationError).fieldErrors).toEqual({ code: ["The code field is required."] });
    expect(h.requests).toHaveLength(1);
    expect(h.lines[0]).toMatchObject({ status, outcome: code });
  });

  it("sends the voucher code in the body to the user's action path", async () => {
    const h = harness([reply(null, 202)]);
    await h.client.vouchers.redeemVoucher(734519, "  SPRING-25 ");
    expect(h.requests[0]?.url.pathname).toBe("/public-api/actions/users/v2.0/734519/redeem-voucher");
    expect(h.requests[0]?.body).toEqual({ code: "SPRING-25" });
  });

  it("keeps a 422 without an errors object usable", async () => {
    const h = harness([{ status: 422, raw: "oops" }]);
    const error = await caught(h.client.users.updateUser(734519, { city: "X" }));
    expect(error).toBeInstanceOf(PlatformValidationError);
    expect((error as PlatformValidationError).fieldErrors).toEqual({});
  });

  it("treats 406 outside vouchers and other statuses as unexpected responses", async () => {
    const h = harness([reply({ message: "no" }, 406), reply({ message: "conflict" }, 409)]);
    expect(await caught(h.client.users.getUser(734519))).toBeInstanceOf(PlatformResponseError);
    expect(await caught(h.client.users.getUser(734519))).toMatchObject({ code: "bad_response", status: 409 });
  });
});
