import fc from "fast-check";
import { describe } from "vitest";
import * as registrationOptions from "@/app/api/passkeys/registration/options/route";
import * as registration from "@/app/api/passkeys/registration/route";
import * as signInOptions from "@/app/api/passkeys/sign-in/options/route";
import * as signIn from "@/app/api/passkeys/sign-in/route";
import { removePasskeyAction } from "@/lib/features/passkeys/actions/remove-passkey";
import { renamePasskeyAction } from "@/lib/features/passkeys/actions/rename-passkey";
import { anyText, driverSideViewer, formArb, queryArb } from "./arbitraries";
import { checkActionProperty, checkRouteProperty, type RouteProperty } from "./checks";

/** Base64url-looking values, and anything else: what a forged WebAuthn answer carries. */
const wireValue = fc.oneof(
  fc.base64String().map((b) => b.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")),
  anyText,
);

/** A WebAuthn answer as a browser would post it, its parts random; or no such object at all. */
const answerBody: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record(
        {
          challengeId: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{32}$/), anyText),
          name: anyText,
          callbackUrl: anyText,
          response: fc.record(
            {
              id: wireValue,
              rawId: wireValue,
              type: fc.constantFrom("public-key", "other"),
              response: fc.record(
                {
                  clientDataJSON: wireValue,
                  attestationObject: wireValue,
                  authenticatorData: wireValue,
                  signature: wireValue,
                  userHandle: anyText,
                  transports: fc.array(anyText, { maxLength: 3 }),
                },
                { requiredKeys: [] },
              ),
            },
            { requiredKeys: [] },
          ),
        },
        { requiredKeys: [] },
      )
      .map((body) => JSON.stringify(body)),
  },
  { weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: anyText },
);

const route = (file: string, module: Record<string, unknown>, path: string): Omit<RouteProperty, "viewer"> => ({
  file,
  module,
  pathname: () => path,
  query: queryArb,
  params: fc.constant({}),
  body: answerBody,
});

const CASES = [
  route("app/api/passkeys/registration/options/route.ts", registrationOptions, "/api/passkeys/registration/options"),
  route("app/api/passkeys/registration/route.ts", registration, "/api/passkeys/registration"),
  route("app/api/passkeys/sign-in/options/route.ts", signInOptions, "/api/passkeys/sign-in/options"),
  route("app/api/passkeys/sign-in/route.ts", signIn, "/api/passkeys/sign-in"),
];

describe("passkey route handlers: never a 500, never a throw", () => {
  for (const c of CASES) checkRouteProperty({ ...c, viewer: driverSideViewer });
});

describe("passkey actions: only validation errors, never a crash", () => {
  const passkeyId = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{22}$/), anyText);
  checkActionProperty({
    name: "renamePasskeyAction",
    action: renamePasskeyAction,
    form: formArb({ id: passkeyId, name: anyText }),
    viewer: driverSideViewer,
  });
  checkActionProperty({
    name: "removePasskeyAction",
    action: removePasskeyAction,
    form: formArb({ id: passkeyId }),
    viewer: driverSideViewer,
  });
});
