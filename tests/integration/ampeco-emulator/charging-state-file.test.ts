import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createPlatformEmulator, SECOND_DRIVER_ID } from "@/emulators/platform";
import { TEST_API_KEY, TEST_READONLY_KEY } from "@/tests/support/platform-emulator-server";

/**
 * Issue 38: a start survives a restart of the emulator (its state file), and a state file written before payment
 * methods existed gets the seed's cards.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const made = (stateFile: string) =>
  createPlatformEmulator({
    dialect: "ampeco",
    apiKey: TEST_API_KEY,
    readOnlyKey: TEST_READONLY_KEY,
    seedLocations: true,
    notificationTickMs: 0,
    stateFile,
  });
const call = async (emulator: ReturnType<typeof made>, method: string, p: string, body?: unknown) => {
  const answer = await emulator.handle(
    new Request(`http://emu${p}`, {
      method,
      headers: { authorization: `Bearer ${TEST_API_KEY}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: answer.status, body: (await answer.json()) as Record<string, any> };
};

describe("the state file", () => {
  it("keeps a started session, its tariff and how it pays across a restart", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "charging-state-"));
    dirs.push(dir);
    const file = path.join(dir, "state.json");
    const first = made(file);
    const started = await call(first, "POST", "/public-api/actions/evse/v1.0/50203/start", {
      userId: SECOND_DRIVER_ID,
    });
    expect(started.body.success).toBe(true);
    first.stop();

    const second = made(file);
    const session = await call(second, "GET", `/public-api/resources/sessions/v1.0/${started.body.sessionId}`);
    expect(session.body.data).toMatchObject({ paymentType: "balance", authorizationId: started.body.authorizationId });
    expect(session.body.data.stoppedAt).toBeNull();
    second.stop();
  });

  it("of an emulator from before payment methods gets the seed's cards", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "charging-state-"));
    dirs.push(dir);
    const file = path.join(dir, "state.json");
    made(file).stop();
    const older = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    delete older.paymentMethods;
    writeFileSync(file, JSON.stringify(older));
    const upgraded = made(file);
    const methods = await call(upgraded, "GET", "/public-api/resources/users/v1.0/1001/payment-methods");
    expect(methods.body.data.map((m: { id: string | null }) => m.id)).toEqual([null, "pm_card_1001", "pm_card_1001_2"]);
    upgraded.stop();
  });
});
