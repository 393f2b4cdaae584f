import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID, NEW_DRIVER_ID } from "@/emulators/platform";
import { startPlatformEmulator, type RunningPlatformEmulator } from "@/tests/support/platform-emulator-server";
import { expectError, expectFieldErrors, shape, Token, UserRead } from "./schemas";

let dir: string;
let stateFile: string;
const running: RunningPlatformEmulator[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "platform-emulator-"));
  stateFile = join(dir, "nested", "platform-emulator.json");
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((e) => e.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startPlatformEmulator>[0] = {}) {
  const emu = await startPlatformEmulator({ stateFile, ...options });
  running.push(emu);
  return emu;
}

describe("stateFile", () => {
  it("a second emulator on the same file sees users, cards, e-mails, vouchers and pending credits of the first", async () => {
    const first = await start({ voucherDelayMs: 400 });
    const created = await first.call("POST", "/public-api/resources/users/v1.1", {
      body: { email: "keep@example.org", password: "pw-Kees-771", first_name: "Kees" },
    });
    const userId = Number(created.body.data.id);
    const token = shape(
      Token,
      (
        await first.call("POST", "/public-api/resources/tokens/v1.0", {
          body: { userId, code: "04KEEP01", visualNumber: "K1" },
        })
      ).body.data,
    );
    await first.call("PATCH", `/public-api/resources/tokens/v1.0/2001`, { body: { status: "blocked" } });
    await first.call("PATCH", `/public-api/resources/users/v1.0/${NEW_DRIVER_ID}/email`, {
      body: { email: "nina@example.org" },
    });
    expect(
      (
        await first.call("POST", `/public-api/actions/users/v2.0/${userId}/redeem-voucher`, {
          body: { code: "CHARGE25" },
        })
      ).status,
    ).toBe(202);
    await first.close();
    running.splice(0);

    // Atomic writes leave exactly the state file behind, and it is valid JSON with no password.
    expect(readdirSync(join(dir, "nested"))).toEqual(["platform-emulator.json"]);
    const raw = readFileSync(stateFile, "utf8");
    expect(() => JSON.parse(raw)).not.toThrow();
    expect(raw).not.toContain("pw-Kees-771");

    const second = await start({ voucherDelayMs: 400 });
    const user = shape(UserRead, (await second.call("GET", `/public-api/resources/users/v1.1/${userId}`)).body.data);
    expect(user).toMatchObject({ email: "keep@example.org", firstName: "Kees" });
    const tokens = (await second.call("GET", `/public-api/resources/tokens/v1.0?filter[userId]=${userId}`)).body.data;
    expect(tokens).toEqual([token]);
    expect(
      (await second.call("GET", "/public-api/resources/tokens/v1.0?filter[code]=04A1B2C3D4E5F6")).body.data[0].status,
    ).toBe("blocked");
    expect((await second.call("GET", `/public-api/resources/users/v1.1/${NEW_DRIVER_ID}`)).body.data.email).toBe(
      "nina@example.org",
    );
    // New ids continue after the ones the first instance handed out.
    const next = await second.call("POST", "/public-api/resources/users/v1.1", {
      body: { email: "next@example.org", password: "123456" },
    });
    expect(Number(next.body.data.id)).toBe(userId + 1);
    expectFieldErrors(
      await second.call("POST", "/public-api/resources/users/v1.1", {
        body: { email: "KEEP@example.org", password: "123456" },
      }),
      "email",
    );
    expectError(
      await second.call("POST", `/public-api/actions/users/v2.0/${DEMO_DRIVER_ID}/redeem-voucher`, {
        body: { code: "CHARGE25" },
      }),
      406,
    );

    // The credit redeemed on the first instance lands on the second once it is due.
    const deadline = Date.now() + 3000;
    let balance = 0;
    while (Date.now() < deadline) {
      balance = (await second.call("GET", `/public-api/resources/users/v1.1/${userId}`)).body.data.balance;
      if (balance > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(balance).toBe(25);
    const persisted = JSON.parse(readFileSync(stateFile, "utf8"));
    expect(persisted.redemptions[0].appliedAt).not.toBeNull();
  });

  it("reset writes the seed back to the file", async () => {
    const first = await start();
    await first.call("POST", "/public-api/resources/users/v1.1", {
      body: { email: "gone@example.org", password: "123456" },
    });
    expect(readFileSync(stateFile, "utf8")).toContain("gone@example.org");
    expect((await first.call("POST", "/__emulator/reset")).status).toBe(204);
    expect(readFileSync(stateFile, "utf8")).not.toContain("gone@example.org");
  });

  it("an unusable state file is set aside and the emulator starts from the seed", async () => {
    const first = await start();
    await first.close();
    running.splice(0);
    writeFileSync(stateFile, '{"version": 1, "users": "broken"');
    const second = await start();
    expect((await second.call("GET", `/public-api/resources/users/v1.1/${DEMO_DRIVER_ID}`)).status).toBe(200);
    const files = readdirSync(join(dir, "nested"));
    expect(files).toContain("platform-emulator.json");
    expect(files.some((f) => f.startsWith("platform-emulator.json.corrupt-"))).toBe(true);
  });

  it("without stateFile nothing is written and a new instance starts from the seed", async () => {
    const a = await startPlatformEmulator();
    running.push(a);
    await a.call("POST", "/public-api/resources/users/v1.1", {
      body: { email: "mem@example.org", password: "123456" },
    });
    const b = await startPlatformEmulator();
    running.push(b);
    expect(
      (await b.call("GET", "/public-api/resources/users/v1.1?filter[email]=mem@example.org")).body.meta.total,
    ).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  });
});
