import fc from "fast-check";
import { afterAll, beforeAll, describe, it, vi } from "vitest";
import { signUp } from "@/lib/accounts/sign-up-action";
import { requestSignInLink } from "@/lib/auth/sign-in-action";
import {
  addressValue,
  anyText,
  cityValue,
  countryValue,
  driverSideViewer,
  emailValue,
  formArb,
  inputsOf,
  nameValue,
  passwordValue,
  phoneValue,
  postCodeValue,
  requestHeadersArb,
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

const signUpForm = formArb({
  email: emailValue,
  password: passwordValue,
  firstName: nameValue,
  lastName: nameValue,
  phone: phoneValue,
  address: addressValue,
  city: cityValue,
  postCode: postCodeValue,
  country: countryValue,
});

const callbackUrlValue = fc.oneof(
  fc.constantFrom("/account", "/sessions?status=finished#top", "/admin", "//evil.example", "/\\evil.example", "https://evil.example/", "/%2F%2Fevil.example", "javascript:alert(1)", "/\t/evil.example", `/${"a".repeat(600)}`),
  fc.webPath(),
  fc.webUrl(),
  anyText,
);
const signInForm = formArb({ email: emailValue, callbackUrl: callbackUrlValue });

describe("public forms: only validation errors, never a crash", () => {
  it(
    `signUp × ${NUM_RUNS}`,
    async () => {
      await fc.assert(
        fc.asyncProperty(signUpForm, requestHeadersArb, driverSideViewer, fc.boolean(), async (form, headers, viewer, freshLimits) => {
          await startRun({ viewer, headers, freshLimits });
          await expectActionOutcome(() => signUp(idle, toFormData(form)), { inputs: inputsOf(form), secretFields: ["password"], tally: "signUp" });
          await finishRun();
        }),
        { numRuns: NUM_RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    `requestSignInLink × ${NUM_RUNS}`,
    async () => {
      await fc.assert(
        fc.asyncProperty(signInForm, requestHeadersArb, driverSideViewer, fc.boolean(), async (form, headers, viewer, freshLimits) => {
          await startRun({ viewer, headers, freshLimits });
          await expectActionOutcome(() => requestSignInLink(idle, toFormData(form)), { inputs: inputsOf(form), tally: "requestSignInLink" });
          await finishRun();
        }),
        { numRuns: NUM_RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
