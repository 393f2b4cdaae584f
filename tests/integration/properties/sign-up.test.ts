import fc from "fast-check";
import { beforeAll, describe } from "vitest";
import { finishSignUpAction } from "@/lib/features/accounts/actions/finish-sign-up";
import { signUpAction } from "@/lib/features/accounts/actions/sign-up";
import { pendingSignUps } from "@/lib/core/db/schema";
import { hashLinkToken } from "@/lib/features/accounts/link-token";
import { requestSignInLinkAction } from "@/lib/features/sign-in/actions/request-sign-in-link";
import {
  anyText,
  driverSideViewer,
  emailValue,
  formArb,
  type FormEntry,
  passwordValue,
  profileFields,
  requestHeadersArb,
} from "./arbitraries";
import { checkActionProperty } from "./checks";
import { world } from "./harness";

// The password field of the older form too: it must never be echoed.
const signUpForm = formArb({ email: emailValue, password: passwordValue, ...profileFields });

/** Links of sign-ups waiting to be finished (seeded below); each finishes once, then reads as used. */
const PENDING_TOKENS = Array.from({ length: 8 }, (_, i) => `pending-sign-up-token-${i}`.padEnd(43, "x"));
const tokenValue = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...PENDING_TOKENS) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(..."AZaz09_-"), minLength: 43, maxLength: 43 }) },
  { weight: 1, arbitrary: anyText },
);
const finishForm = fc.oneof(
  formArb({ token: tokenValue, password: passwordValue, passwordRepeat: passwordValue }),
  // The password typed the same twice, so that a pending link reaches the platform.
  fc.record({ token: tokenValue, password: passwordValue }).map(({ token, password }): FormEntry[] => [
    ["token", token],
    ["password", password],
    ["passwordRepeat", password],
  ]),
);

beforeAll(async () => {
  await world.db!.db.insert(pendingSignUps).values(
    PENDING_TOKENS.map((token, i) => ({
      email: `p.finish${i}@example.com`,
      tokenHash: hashLinkToken(token),
      profile: { firstName: "Fin", lastName: `Ish ${i}`, country: "NL" },
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  );
});

const callbackUrlValue = fc.oneof(
  fc.constantFrom(
    "/account",
    "/sessions?status=finished#top",
    "/admin",
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/",
    "/%2F%2Fevil.example",
    "javascript:alert(1)",
    "/\t/evil.example",
    `/${"a".repeat(600)}`,
  ),
  fc.webPath(),
  fc.webUrl(),
  anyText,
);
const signInForm = formArb({ email: emailValue, callbackUrl: callbackUrlValue });

describe("public forms: only validation errors, never a crash", () => {
  checkActionProperty({
    name: "signUp",
    action: signUpAction,
    form: signUpForm,
    headers: requestHeadersArb,
    viewer: driverSideViewer,
    freshLimits: true,
    secretFields: ["password"],
  });
  checkActionProperty({
    name: "finishSignUpAction",
    action: finishSignUpAction,
    form: finishForm,
    headers: requestHeadersArb,
    viewer: driverSideViewer,
    secretFields: ["token", "password", "passwordRepeat"],
  });
  checkActionProperty({
    name: "requestSignInLink",
    action: requestSignInLinkAction,
    form: signInForm,
    headers: requestHeadersArb,
    viewer: driverSideViewer,
    freshLimits: true,
  });
});
