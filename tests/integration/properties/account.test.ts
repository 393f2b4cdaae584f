import fc from "fast-check";
import { afterAll, beforeAll, describe, it, vi } from "vitest";
import { changeEmailAction } from "@/lib/accounts/email-action";
import { startPasswordResetAction } from "@/lib/accounts/password-reset-action";
import { updateProfileAction } from "@/lib/accounts/profile-action";
import {
  addressValue,
  anyText,
  baselineValue,
  cityValue,
  countryValue,
  driverSideViewer,
  emailValue,
  formArb,
  inputsOf,
  nameValue,
  phoneValue,
  postCodeValue,
  toFormData,
} from "./arbitraries";
import { expectActionOutcome, finishRun, NUM_RUNS, PROPERTY_TIMEOUT_MS, setUpWorld, startRun, tearDownWorld } from "./harness";

vi.mock("next/headers", async () => (await import("./harness")).nextHeadersMock);
vi.mock("next/cache", async () => (await import("./harness")).nextCacheMock);
vi.mock("next/navigation", async (original) => ({ ...(await original<object>()), ...(await import("./harness")).nextNavigationMock }));
vi.mock("@/lib/auth/viewer", async () => (await import("./harness")).viewerMock);
vi.mock("@/lib/auth", async () => (await import("./harness")).authMock);

beforeAll(setUpWorld);
afterAll(tearDownWorld);

const idle = { status: "idle" } as const;

const profileForm = formArb({
  firstName: nameValue,
  lastName: nameValue,
  phone: phoneValue,
  address: addressValue,
  city: cityValue,
  postCode: postCodeValue,
  country: countryValue,
  baseline: baselineValue,
});
const emailForm = formArb({ email: emailValue });
/** The reset form sends no fields; its previous state comes back from the browser too. */
const previousState = fc.oneof(
  fc.constant(idle),
  fc.record({ status: fc.constantFrom("idle", "ok", "error", "invalid"), message: fc.option(anyText, { nil: undefined }) }),
  fc.jsonValue(),
) as fc.Arbitrary<typeof idle>;

describe("account actions: only validation errors, never a crash", () => {
  it(
    `updateProfileAction × ${NUM_RUNS}`,
    async () => {
      await fc.assert(
        fc.asyncProperty(profileForm, driverSideViewer, async (form, viewer) => {
          await startRun({ viewer });
          await expectActionOutcome(() => updateProfileAction(idle, toFormData(form)), { inputs: inputsOf(form), tally: "updateProfileAction" });
          await finishRun();
        }),
        { numRuns: NUM_RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    `changeEmailAction × ${NUM_RUNS}`,
    async () => {
      await fc.assert(
        fc.asyncProperty(emailForm, driverSideViewer, async (form, viewer) => {
          await startRun({ viewer });
          await expectActionOutcome(() => changeEmailAction(idle, toFormData(form)), { inputs: inputsOf(form), tally: "changeEmailAction" });
          await finishRun();
        }),
        { numRuns: NUM_RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    `startPasswordResetAction × ${NUM_RUNS}`,
    async () => {
      await fc.assert(
        fc.asyncProperty(previousState, driverSideViewer, fc.boolean(), async (previous, viewer, freshLimits) => {
          await startRun({ viewer, freshLimits });
          await expectActionOutcome(() => startPasswordResetAction(previous), { tally: "startPasswordResetAction" });
          await finishRun();
        }),
        { numRuns: NUM_RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
