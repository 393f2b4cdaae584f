import { describe, expect, it } from "vitest";
import {
  DEMO_DRIVER_EMAIL,
  DEMO_DRIVER_ID,
  SECOND_DRIVER_EMAIL,
  SECOND_DRIVER_ID,
  UNASSIGNED_TAG_UIDS,
} from "@/emulators/platform";
import { startPlatformEmulator } from "@/tests/support/platform-emulator-server";
import { ampecoEmulatorForSuite, ID_TAGS, USERS } from "./harness";

const emu = ampecoEmulatorForSuite();

describe("users v1.1 in the ampeco dialect", () => {
  it("creates with snake_case fields, partnerId and userGroupIds (201); a singular userGroupId is dropped", async () => {
    const created = await emu.call("POST", USERS, {
      body: {
        email: "new@example.org",
        password: "secret1",
        first_name: "Ada",
        last_name: "Lovelace",
        post_code: "1011 AB",
        country: "NL",
        partnerId: 1116,
        userGroupIds: [257],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      email: "new@example.org",
      firstName: "Ada",
      lastName: "Lovelace",
      postCode: "1011 AB",
      userGroupIds: [257],
    });
    expect(created.body.data).not.toHaveProperty("currency");

    const singular = await emu.call("POST", USERS, {
      body: { email: "old@example.org", password: "secret1", userGroupId: 257 },
    });
    expect(singular.status).toBe(201);
    expect(singular.body.data.userGroupIds).toEqual([]);
  });

  it("reads, lists by e-mail (page mode answers Deprecation and Sunset; cursor mode does not)", async () => {
    const user = await emu.call("GET", `${USERS}/${DEMO_DRIVER_ID}`);
    expect(user.status).toBe(200);
    expect(user.body.data).toMatchObject({
      id: String(DEMO_DRIVER_ID),
      email: DEMO_DRIVER_EMAIL,
      balance: 42.5,
      status: "enabled",
    });

    const paged = await emu.call("GET", `${USERS}?filter[email]=${encodeURIComponent(SECOND_DRIVER_EMAIL)}&page=1`);
    expect(paged.body.data.map((u: { id: string }) => u.id)).toEqual([String(SECOND_DRIVER_ID)]);
    expect(paged.headers.get("deprecation")).toBe("true");
    expect(paged.headers.get("sunset")).toBe("Mon, 01 Jun 2026 00:00:00 GMT");

    const cursor = await emu.call(
      "GET",
      `${USERS}?filter[email]=${encodeURIComponent(SECOND_DRIVER_EMAIL)}&cursor=&per_page=10`,
    );
    expect(cursor.body.meta).toEqual({
      path: `${emu.url}${USERS}`,
      per_page: 10,
      next_cursor: null,
      prev_cursor: null,
    });
    expect(cursor.body.links).toEqual({ first: null, last: null, prev: null, next: null });
    expect(cursor.headers.get("deprecation")).toBeNull();
    expect(cursor.headers.get("sunset")).toBeNull();
  });

  it("changes e-mail, password and requirePasswordReset with one PATCH; a taken address is 422 errors.email and the old one stays", async () => {
    const taken = await emu.call("PATCH", `${USERS}/${DEMO_DRIVER_ID}`, {
      body: { email: SECOND_DRIVER_EMAIL.toUpperCase() },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email).toEqual(["The email has already been taken."]);
    expect((await emu.call("GET", `${USERS}/${DEMO_DRIVER_ID}`)).body.data.email).toBe(DEMO_DRIVER_EMAIL);

    const changed = await emu.call("PATCH", `${USERS}/${DEMO_DRIVER_ID}`, {
      body: { email: "demi@example.org", password: "n3w-pass", requirePasswordReset: true, city: "Delft" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ email: "demi@example.org", requirePasswordReset: true, city: "Delft" });
    expect(JSON.stringify(changed.body)).not.toContain("n3w-pass");
  });

  it("422 per field: required e-mail and password, password minimum 6, country enum", async () => {
    const missing = await emu.call("POST", USERS, { body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      email: ["The email field is required."],
      password: ["The password field is required."],
    });

    const short = await emu.call("POST", USERS, { body: { email: "x@example.org", password: "12345", country: "XX" } });
    expect(short.body.errors).toEqual({
      password: ["The password field must be at least 6 characters."],
      country: ["The selected country is invalid."],
    });

    const patchShort = await emu.call("PATCH", `${USERS}/${DEMO_DRIVER_ID}`, { body: { password: "123" } });
    expect(patchShort.body.errors).toEqual({ password: ["The password field must be at least 6 characters."] });
  });

  it("has no e-mail or password-reset sub-resource and no contract token path (404)", async () => {
    for (const [method, path] of [
      ["PATCH", `/public-api/resources/users/v1.0/${DEMO_DRIVER_ID}/email`],
      ["POST", `/public-api/resources/users/v1.0/${DEMO_DRIVER_ID}/password-reset`],
      ["GET", "/public-api/resources/tokens/v1.0"],
      ["POST", "/public-api/resources/tokens/v1.0"],
    ] as const) {
      const res = await emu.emulator.handle(
        new Request(`${emu.url}${path}`, { method, headers: { authorization: "Bearer test-api-key" } }),
      );
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });
});

describe("id-tags v2.0 in the ampeco dialect", () => {
  it("lists a driver's tags with the real statuses and types (active→enabled, blocked→disabled, inactive→suspended)", async () => {
    const mine = await emu.call("GET", `${ID_TAGS}?filter[userId]=${DEMO_DRIVER_ID}&cursor=`);
    expect(
      mine.body.data.map((t: { idTagUid: string; idLabel: string; status: string; type: string }) => [
        t.idTagUid,
        t.idLabel,
        t.status,
        t.type,
      ]),
    ).toEqual([
      ["04A1B2C3D4E5F6", "NL-DPT-000123-4", "enabled", "rfid"],
      ["04F7E8D9C0B1A2", "NL-DPT-000456-7", "enabled", "rfid"],
      ["0499AA88BB77CC", "NL-DPT-000077-1", "disabled", "rfid"],
    ]);
    const second = await emu.call(
      "GET",
      `${ID_TAGS}?filter[userId]=${SECOND_DRIVER_ID}&filter[status]=suspended&cursor=`,
    );
    expect(second.body.data.map((t: { type: string }) => t.type)).toEqual(["emaid"]);
  });

  it("creates (201), reads and moves a card to another driver with one PATCH {userId}; a UID names one tag", async () => {
    const created = await emu.call("POST", ID_TAGS, {
      body: { idTagUid: "04AABBCCDD11", idLabel: "NL-X-1", status: "enabled", type: "rfid", userId: DEMO_DRIVER_ID },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect((await emu.call("GET", `${ID_TAGS}/${id}`)).body.data).toMatchObject({
      idTagUid: "04AABBCCDD11",
      userId: DEMO_DRIVER_ID,
      status: "enabled",
    });

    const moved = await emu.call("PATCH", `${ID_TAGS}/${id}`, { body: { userId: SECOND_DRIVER_ID } });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ id, userId: SECOND_DRIVER_ID, status: "enabled" });
    const holders = await emu.call("GET", `${ID_TAGS}?filter[idTagUid]=04AABBCCDD11&cursor=`);
    expect(holders.body.data.map((t: { userId: number }) => t.userId)).toEqual([SECOND_DRIVER_ID]);

    const again = await emu.call("POST", ID_TAGS, {
      body: { idTagUid: "04AABBCCDD11", status: "enabled", type: "rfid", userId: DEMO_DRIVER_ID },
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.idTagUid).toEqual(["The id tag uid has already been taken."]);

    expect((await emu.call("DELETE", `${ID_TAGS}/${id}`)).status).toBe(204);
    expect((await emu.call("GET", `${ID_TAGS}/${id}`)).status).toBe(404);
  });

  it("422 per field: required idTagUid, status and type; enums for status, type (no emaid on create) and the status filter", async () => {
    const missing = await emu.call("POST", ID_TAGS, { body: { userId: DEMO_DRIVER_ID } });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(["idTagUid", "status", "type"]);
    expect(missing.body.errors.idTagUid).toEqual(["The id tag uid field is required."]);

    const enums = await emu.call("POST", ID_TAGS, {
      body: { idTagUid: "04FF", status: "active", type: "emaid", userId: DEMO_DRIVER_ID },
    });
    expect(enums.body.errors).toEqual({
      status: ["The selected status is invalid."],
      type: ["The selected type is invalid."],
    });

    const patch = await emu.call("PATCH", `${ID_TAGS}/2001`, { body: { status: "blocked" } });
    expect(patch.body.errors).toEqual({ status: ["The selected status is invalid."] });

    const filter = await emu.call("GET", `${ID_TAGS}?filter[status]=active`);
    expect(filter.status).toBe(422);
    expect(filter.body.errors).toEqual({ "filter.status": ["The selected filter.status is invalid."] });
  });

  it("holds tags without a user: seeded unassigned, created with userId null or none, claimed by PATCH; a second create of the UID is 422", async () => {
    const [uid] = UNASSIGNED_TAG_UIDS;
    const seeded = await emu.call("GET", `${ID_TAGS}?filter[idTagUid]=${uid}&cursor=`);
    expect(seeded.body.data).toEqual([expect.objectContaining({ idTagUid: uid, userId: null, status: "enabled" })]);

    const withNull = await emu.call("POST", ID_TAGS, {
      body: { idTagUid: "04ABCDEF0001", status: "enabled", type: "rfid", userId: null },
    });
    expect(withNull.status).toBe(201);
    expect(withNull.body.data.userId).toBeNull();
    const without = await emu.call("POST", ID_TAGS, {
      body: { idTagUid: "04ABCDEF0002", status: "disabled", type: "rfid" },
    });
    expect(without.status).toBe(201);
    expect(without.body.data.userId).toBeNull();

    const again = await emu.call("POST", ID_TAGS, {
      body: { idTagUid: uid, status: "enabled", type: "rfid", userId: DEMO_DRIVER_ID },
    });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ idTagUid: ["The id tag uid has already been taken."] });

    const id = seeded.body.data[0].id as number;
    const claimed = await emu.call("PATCH", `${ID_TAGS}/${id}`, {
      body: { userId: DEMO_DRIVER_ID, status: "enabled", idLabel: "MY-CARD-1" },
    });
    expect(claimed.status).toBe(200);
    expect(claimed.body.data).toMatchObject({ id, idTagUid: uid, userId: DEMO_DRIVER_ID, idLabel: "MY-CARD-1" });
    const released = await emu.call("PATCH", `${ID_TAGS}/${id}`, { body: { userId: null } });
    expect(released.body.data.userId).toBeNull();
  });
});

describe("the contract dialect does not see tags without a user", () => {
  it("lists no token without a user in the contract dialect over the same seed", async () => {
    const contract = await startPlatformEmulator({ dialect: "contract" });
    try {
      const all = await contract.call("GET", "/public-api/resources/tokens/v1.0?per_page=100");
      expect(all.status).toBe(200);
      const codes = all.body.data.map((t: { code: string }) => t.code);
      expect(codes.length).toBeGreaterThan(0);
      for (const uid of UNASSIGNED_TAG_UIDS) expect(codes).not.toContain(uid);
      expect(all.body.data.every((t: { userId: unknown }) => typeof t.userId === "number")).toBe(true);
    } finally {
      await contract.close();
    }
  });
});
