import fc from "fast-check";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { mailAppPasswordLink } from "@/lib/features/accounts/app-password";
import { setAppPasswordAction } from "@/lib/features/accounts/actions/set-app-password";
import { setAppPasswordWithLinkAction } from "@/lib/features/accounts/actions/set-app-password-with-link";
import { mailOutbox } from "@/lib/core/db/schema";
import {
  createPlatformEmulator,
  DEMO_DRIVER_EMAIL,
  DEMO_DRIVER_ID,
  NEW_DRIVER_EMAIL,
  SECOND_DRIVER_EMAIL,
  SECOND_DRIVER_ID,
  type PlatformEmulator,
} from "@/emulators/platform";
import { anyText, driverSideViewer, formArb, passwordValue, type FormEntry } from "./arbitraries";
import { checkActionProperty } from "./checks";
import { PLATFORM_KEY, world } from "./harness";

/**
 * The app-password actions (lib/features/accounts/actions/set-app-password.ts). They do their work in the ampeco
 * dialect, so this file swaps the world's built-in emulator for an ampeco one and points the portal's
 * configuration at that dialect; in the contract dialect the driver's action must refuse just as cleanly.
 */
const globals = globalThis as unknown as Record<string, unknown>;
const SECRET_FIELDS = ["password", "passwordRepeat", "token"];

function useDialect(dialect: "contract" | "ampeco"): void {
  process.env.PLATFORM_DIALECT = dialect;
  globals.__driverPortalConfig = undefined;
  globals.__driverPortalPlatform = undefined;
  const emulator: PlatformEmulator = createPlatformEmulator({
    dialect,
    apiKey: PLATFORM_KEY,
    readOnlyKey: "demo-readonly-key",
    voucherDelayMs: 0,
    rateLimit: { limit: 1_000_000, windowMs: 60_000 },
  });
  world.emulator = emulator;
  globals.__driverPortalPlatformEmulator = emulator;
}

afterAll(() => {
  delete process.env.PLATFORM_DIALECT;
  globals.__driverPortalConfig = undefined;
  globals.__driverPortalPlatform = undefined;
});

/** The same password twice a third of the time (so valid input reaches the platform), else anything. */
const passwordFields: fc.Arbitrary<FormEntry[]> = fc.oneof(
  {
    weight: 1,
    arbitrary: passwordValue.map((pw): FormEntry[] => [
      ["password", pw],
      ["passwordRepeat", pw],
    ]),
  },
  { weight: 2, arbitrary: formArb({ password: passwordValue, passwordRepeat: passwordValue }) },
);

/** Links really mailed (usable once each), well-formed unknown tokens, and anything at all. */
const minted: string[] = [];
const tokenValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.nat().map((i) => minted[i % Math.max(minted.length, 1)] ?? "") },
  { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
  { weight: 2, arbitrary: anyText },
);
const linkForm: fc.Arbitrary<FormEntry[]> = fc
  .tuple(fc.option(tokenValue, { nil: undefined, freq: 8 }), passwordFields)
  .map(([token, fields]) => (token === undefined ? fields : [["token", token] as FormEntry, ...fields]));

describe("app-password actions, ampeco: only validation errors, never a crash", () => {
  beforeAll(async () => {
    useDialect("ampeco");
    for (const [platformUserId, email] of [
      [DEMO_DRIVER_ID, DEMO_DRIVER_EMAIL],
      [SECOND_DRIVER_ID, SECOND_DRIVER_EMAIL],
      [1003, NEW_DRIVER_EMAIL],
    ] as const) {
      await mailAppPasswordLink({ platformUserId, email }, "http://localhost");
    }
    for (const mail of await world.db!.db.select().from(mailOutbox)) {
      const token = /token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
      if (token) minted.push(token);
    }
    expect(minted).toHaveLength(3);
  });

  checkActionProperty({
    name: "setAppPasswordAction",
    action: setAppPasswordAction,
    form: passwordFields,
    viewer: driverSideViewer,
    freshLimits: true,
    secretFields: SECRET_FIELDS,
  });
  checkActionProperty({
    name: "setAppPasswordWithLinkAction",
    action: setAppPasswordWithLinkAction,
    form: linkForm,
    viewer: driverSideViewer,
    secretFields: SECRET_FIELDS,
  });
});

describe("app-password actions, contract: refused in plain words, never a crash", () => {
  beforeAll(() => useDialect("contract"));

  checkActionProperty({
    name: "setAppPasswordAction (contract)",
    action: setAppPasswordAction,
    form: passwordFields,
    viewer: driverSideViewer,
    freshLimits: true,
    secretFields: SECRET_FIELDS,
  });
});
