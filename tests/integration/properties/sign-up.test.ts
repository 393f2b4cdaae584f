import fc from "fast-check";
import { describe } from "vitest";
import { signUp } from "@/lib/accounts/sign-up-action";
import { requestSignInLink } from "@/lib/auth/sign-in-action";
import {
  anyText,
  driverSideViewer,
  emailValue,
  formArb,
  passwordValue,
  profileFields,
  requestHeadersArb,
} from "./arbitraries";
import { checkActionProperty } from "./checks";

const signUpForm = formArb({ email: emailValue, password: passwordValue, ...profileFields });

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
    action: signUp,
    form: signUpForm,
    headers: requestHeadersArb,
    viewer: driverSideViewer,
    freshLimits: true,
    secretFields: ["password"],
  });
  checkActionProperty({
    name: "requestSignInLink",
    action: requestSignInLink,
    form: signInForm,
    headers: requestHeadersArb,
    viewer: driverSideViewer,
    freshLimits: true,
  });
});
