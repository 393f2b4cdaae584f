import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID, NEW_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import { startPlatformEmulator } from "@/tests/support/platform-emulator-server";
import { openForSuite } from "@/tests/support/suite-harness";
import { collectPages, expectError, expectFieldErrors, page, shape, Token, TokenPageMeta } from "./schemas";

const TOKENS = "/public-api/resources/tokens/v1.0";
const DEMO_ACTIVE_CODE = "04A1B2C3D4E5F6"; // seeded, active on the demo driver
const emu = openForSuite(() => startPlatformEmulator());
beforeEach(() => emu.emulator.reset());

async function activeOwners(code: string): Promise<number[]> {
  const state = await emu.call("GET", "/__emulator/state");
  return state.body.tokens
    .filter((t: { code: string; status: string }) => t.code === code && t.status === "active")
    .map((t: { userId: number }) => t.userId);
}

describe("create token", () => {
  it("201 with {data: Token}; type defaults to rfid and status to active", async () => {
    const res = await emu.call("POST", TOKENS, {
      body: { userId: NEW_DRIVER_ID, code: "04AABBCCDD11", visualNumber: "NL-X-1", extra: true },
    });
    expect(res.status).toBe(201);
    const token = shape(Token, res.body.data);
    expect(token).toMatchObject({
      userId: NEW_DRIVER_ID,
      code: "04AABBCCDD11",
      visualNumber: "NL-X-1",
      type: "rfid",
      status: "active",
    });
    const listed = shape(
      page(Token, TokenPageMeta),
      (await emu.call("GET", `${TOKENS}?filter[userId]=${NEW_DRIVER_ID}`)).body,
    );
    expect(listed.data).toEqual([token]);
  });

  it("keeps an explicit type and status", async () => {
    const res = await emu.call("POST", TOKENS, {
      body: { userId: NEW_DRIVER_ID, code: "APP77", visualNumber: "A", type: "app", status: "inactive" },
    });
    expect(shape(Token, res.body.data)).toMatchObject({ type: "app", status: "inactive" });
  });

  it("422 for a code that is lower-case, has spaces, is too short or too long", async () => {
    for (const code of ["04aabbcc", "04 AA BB CC", "04A", "A".repeat(33), 1234567, ""]) {
      expectFieldErrors(
        await emu.call("POST", TOKENS, { body: { userId: NEW_DRIVER_ID, code, visualNumber: "x" } }),
        "code",
      );
    }
  });

  it("422 for an unknown or non-integer userId, and for bad type/status values", async () => {
    const errors = expectFieldErrors(
      await emu.call("POST", TOKENS, { body: { userId: 999999, code: "04AABBCC" } }),
      "userId",
    );
    expect(errors.userId).toEqual(["The selected user id is invalid."]);
    expectFieldErrors(
      await emu.call("POST", TOKENS, { body: { userId: String(NEW_DRIVER_ID), code: "04AABBCC" } }),
      "userId",
    );
    expectFieldErrors(await emu.call("POST", TOKENS, { body: { code: "04AABBCC" } }), "userId");
    expectFieldErrors(
      await emu.call("POST", TOKENS, { body: { userId: NEW_DRIVER_ID, code: "04AABBCC", type: "nfc", status: "on" } }),
      "type",
      "status",
    );
  });

  it("422 when the code is active on another user; the card stays on its owner", async () => {
    const res = await emu.call("POST", TOKENS, {
      body: { userId: NEW_DRIVER_ID, code: DEMO_ACTIVE_CODE, visualNumber: "x" },
    });
    expect(expectFieldErrors(res, "code").code).toEqual(["The card is already active on another account."]);
    expect(await activeOwners(DEMO_ACTIVE_CODE)).toEqual([DEMO_DRIVER_ID]);
  });

  it("422 when the same card is linked twice to one user (a retried create)", async () => {
    const body = { userId: NEW_DRIVER_ID, code: "04CAFE0001", visualNumber: "x" };
    expect((await emu.call("POST", TOKENS, { body })).status).toBe(201);
    expectFieldErrors(await emu.call("POST", TOKENS, { body }), "code");
    const state = await emu.call("GET", "/__emulator/state");
    expect(state.body.tokens.filter((t: { code: string }) => t.code === "04CAFE0001")).toHaveLength(1);
  });

  it("moves a card: block on the old user, then create on the new one", async () => {
    const [seeded] = shape(
      page(Token, TokenPageMeta),
      (await emu.call("GET", `${TOKENS}?filter[code]=${DEMO_ACTIVE_CODE}`)).body,
    ).data;
    expect(seeded?.userId).toBe(DEMO_DRIVER_ID);
    const blocked = await emu.call("PATCH", `${TOKENS}/${seeded!.id}`, { body: { status: "blocked" } });
    expect(shape(Token, blocked.body.data).status).toBe("blocked");
    const moved = await emu.call("POST", TOKENS, {
      body: { userId: NEW_DRIVER_ID, code: DEMO_ACTIVE_CODE, visualNumber: seeded!.visualNumber },
    });
    expect(moved.status).toBe(201);
    expect(await activeOwners(DEMO_ACTIVE_CODE)).toEqual([NEW_DRIVER_ID]);
    // Re-activating the old link now collides with the new owner.
    expect(
      expectFieldErrors(await emu.call("PATCH", `${TOKENS}/${seeded!.id}`, { body: { status: "active" } }), "code")
        .code,
    ).toEqual(["The card is already active on another account."]);
    expect(await activeOwners(DEMO_ACTIVE_CODE)).toEqual([NEW_DRIVER_ID]);
  });
});

describe("list tokens", () => {
  it("filters by userId, code and status; meta is {current_page, per_page, total}", async () => {
    const demo = shape(
      page(Token, TokenPageMeta),
      (await emu.call("GET", `${TOKENS}?filter[userId]=${DEMO_DRIVER_ID}`)).body,
    );
    expect(demo.data).toHaveLength(3);
    expect(demo.data.filter((t) => t.status === "active" && t.type === "rfid")).toHaveLength(2);
    expect(demo.data.filter((t) => t.status === "blocked")).toHaveLength(1);
    expect(demo.meta).toEqual({ current_page: 1, per_page: 15, total: 3 });

    const active = shape(
      page(Token, TokenPageMeta),
      (await emu.call("GET", `${TOKENS}?filter[userId]=${DEMO_DRIVER_ID}&filter[status]=active`)).body,
    );
    expect(active.data.map((t) => t.status)).toEqual(["active", "active"]);
    const second = shape(
      page(Token, TokenPageMeta),
      (await emu.call("GET", `${TOKENS}?filter[userId]=${SECOND_DRIVER_ID}`)).body,
    );
    expect(second.data.length).toBeGreaterThanOrEqual(2);
    const byCode = shape(
      page(Token, TokenPageMeta),
      (await emu.call("GET", `${TOKENS}?filter[code]=${DEMO_ACTIVE_CODE}`)).body,
    );
    expect(byCode.data.map((t) => t.userId)).toEqual([DEMO_DRIVER_ID]);
    const none = shape(page(Token, TokenPageMeta), (await emu.call("GET", `${TOKENS}?filter[code]=04A1B2`)).body);
    expect(none.meta.total).toBe(0);
  });

  it("pages with links.next (absolute URL keeping the filters) to the last page", async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await emu.call("POST", TOKENS, {
            body: { userId: NEW_DRIVER_ID, code: `04BEEF000${i}`, visualNumber: `V${i}` },
          })
        ).status,
      ).toBe(201);
    }
    const first = await emu.call("GET", `${TOKENS}?filter[userId]=${NEW_DRIVER_ID}&per_page=2`);
    const next = new URL(first.body.links.next);
    expect(next.origin).toBe(emu.url);
    expect(next.searchParams.get("filter[userId]")).toBe(String(NEW_DRIVER_ID));
    const bodies = (await collectPages(first, emu.get)).map((p) => shape(page(Token, TokenPageMeta), p.body));
    expect(bodies.map((b) => b.data.length)).toEqual([2, 2, 1]);
    expect(bodies.every((b) => b.meta.total === 5)).toBe(true);
    expect(bodies.at(-1)!.links.next).toBeNull();
  });

  it("422 for a non-integer userId filter or an unknown status", async () => {
    expectFieldErrors(await emu.call("GET", `${TOKENS}?filter[userId]=abc`), "filter.userId");
    expectFieldErrors(await emu.call("GET", `${TOKENS}?filter[status]=enabled`), "filter.status");
  });
});

describe("update token", () => {
  it("200 with the token; accepts status and visualNumber", async () => {
    const res = await emu.call("PATCH", `${TOKENS}/2002`, { body: { status: "inactive", visualNumber: "NEW-LABEL" } });
    expect(res.status).toBe(200);
    expect(shape(Token, res.body.data)).toMatchObject({
      id: 2002,
      status: "inactive",
      visualNumber: "NEW-LABEL",
      userId: DEMO_DRIVER_ID,
    });
  });

  it("422 for an empty body or a bad status; 404 for an unknown or non-integer id", async () => {
    expectFieldErrors(await emu.call("PATCH", `${TOKENS}/2002`, { body: {} }), "status");
    expectFieldErrors(await emu.call("PATCH", `${TOKENS}/2002`, { body: { status: "deleted" } }), "status");
    expectError(
      await emu.call("PATCH", `${TOKENS}/98765`, { body: { status: "blocked" } }),
      404,
      "No query results for model [Token] 98765",
    );
    expectError(await emu.call("PATCH", `${TOKENS}/x1`, { body: { status: "blocked" } }), 404);
  });
});
