import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID, NEW_DRIVER_ID, SEED_VOUCHERS, VOUCHER_REJECTED } from "@/emulators/platform";
import { startPlatformEmulator } from "@/tests/support/platform-emulator-server";
import { openForSuite } from "@/tests/support/suite-harness";
import { expectError, expectFieldErrors, shape, UserRead } from "./schemas";

const redeemPath = (user: number | string) => `/public-api/actions/users/v2.0/${user}/redeem-voucher`;
const DELAY_MS = 250;
const emu = openForSuite(() => startPlatformEmulator({ voucherDelayMs: DELAY_MS }));
beforeEach(() => emu.emulator.reset());

const readUser = async (id: number) =>
  shape(UserRead, (await emu.call("GET", `/public-api/resources/users/v1.1/${id}`)).body.data);

async function pollUser(id: number, until: (u: ReturnType<typeof UserRead.parse>) => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const user = await readUser(id);
    if (until(user) || Date.now() > deadline) return user;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("redeem voucher", () => {
  it("202 without a body; the credit appears only after the delay and sets the currency on the first transaction", async () => {
    const before = await readUser(NEW_DRIVER_ID);
    expect(before).toMatchObject({ balance: 0, currency: null });

    const startedAt = Date.now();
    const res = await emu.call("POST", redeemPath(NEW_DRIVER_ID), { body: { code: "WELCOME10" } });
    expect(res.status).toBe(202);
    expect(res.text).toBe("");
    expect(res.headers.get("content-type")).toBeNull();

    const immediately = await readUser(NEW_DRIVER_ID);
    if (Date.now() - startedAt < DELAY_MS) expect(immediately).toMatchObject({ balance: 0, currency: null });

    const after = await pollUser(NEW_DRIVER_ID, (u) => u.balance > 0);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(DELAY_MS - 5);
    expect(after).toMatchObject({ balance: 10, currency: "EUR" });

    const state = await emu.call("GET", "/__emulator/state");
    expect(state.body.vouchers.find((v: { code: string }) => v.code === "WELCOME10")).toMatchObject({
      status: "used",
      redeemedByUserId: NEW_DRIVER_ID,
    });
    expect(state.body.redemptions).toHaveLength(1);
  });

  it("adds to an existing balance; codes match case-insensitively", async () => {
    expect((await emu.call("POST", redeemPath(DEMO_DRIVER_ID), { body: { code: " charge25 " } })).status).toBe(202);
    expect(await pollUser(DEMO_DRIVER_ID, (u) => u.balance !== 42.5)).toMatchObject({ balance: 67.5, currency: "EUR" });
  });

  it("406 for a code that was just used, and no second credit", async () => {
    expect((await emu.call("POST", redeemPath(DEMO_DRIVER_ID), { body: { code: "SPRING5" } })).status).toBe(202);
    expectError(
      await emu.call("POST", redeemPath(NEW_DRIVER_ID), { body: { code: "SPRING5" } }),
      406,
      VOUCHER_REJECTED,
    );
    expectError(
      await emu.call("POST", redeemPath(DEMO_DRIVER_ID), { body: { code: "SPRING5" } }),
      406,
      VOUCHER_REJECTED,
    );
    // One redemption on record (written when the 202 is sent), so one credit: wait for it, then compare.
    expect((await emu.call("GET", "/__emulator/state")).body.redemptions).toHaveLength(1);
    expect(await pollUser(DEMO_DRIVER_ID, (u) => u.balance !== 42.5)).toMatchObject({ balance: 47.5 });
    expect(await readUser(NEW_DRIVER_ID)).toMatchObject({ balance: 0 });
  });

  it("406 for unknown, used, expired and not-applicable codes", async () => {
    const rejected = SEED_VOUCHERS.filter((v) => v.status !== "valid").map((v) => v.code);
    expect(rejected).toEqual(["USED-2025", "EXPIRED-2024", "FLEET-ONLY"]);
    for (const code of [...rejected, "NO-SUCH-CODE"]) {
      expectError(await emu.call("POST", redeemPath(NEW_DRIVER_ID), { body: { code } }), 406, VOUCHER_REJECTED);
    }
  });

  it("406 for a voucher in another currency than the account's", async () => {
    expect(
      (await emu.call("POST", "/__emulator/vouchers", { body: { code: "DOLLARS", amount: 5, currency: "USD" } }))
        .status,
    ).toBe(201);
    expectError(await emu.call("POST", redeemPath(DEMO_DRIVER_ID), { body: { code: "DOLLARS" } }), 406);
  });

  it("404 for an unknown or non-integer user", async () => {
    expectError(
      await emu.call("POST", redeemPath(4040), { body: { code: "WELCOME10" } }),
      404,
      "No query results for model [User] 4040",
    );
    expectError(await emu.call("POST", redeemPath("me"), { body: { code: "WELCOME10" } }), 404);
  });

  it("422 for a missing, empty or non-string code; the voucher stays valid", async () => {
    for (const body of [{}, { code: "" }, { code: "   " }, { code: 10 }, { code: null }, { voucher: "WELCOME10" }]) {
      expectFieldErrors(await emu.call("POST", redeemPath(NEW_DRIVER_ID), { body }), "code");
    }
    expect((await emu.call("POST", redeemPath(NEW_DRIVER_ID), { body: { code: "WELCOME10" } })).status).toBe(202);
  });
});
