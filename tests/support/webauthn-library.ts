import { generateRegistrationOptions, verifyRegistrationResponse } from "@simplewebauthn/server";
import type { AuthenticationResponseJSON, AuthenticatorDevice } from "@simplewebauthn/types";
import { padEs256Signature } from "@/lib/auth/passkeys/es256-signature";
import type { SoftAuthenticator } from "./soft-authenticator";

/** Registers `device` with @simplewebauthn/server as the portal would; what the portal would store. */
export async function registerWithLibrary(
  device: SoftAuthenticator,
  rp: { rpID: string; origin: string; userID: string },
): Promise<AuthenticatorDevice> {
  const options = await generateRegistrationOptions({
    rpName: "Portal",
    rpID: rp.rpID,
    userID: rp.userID,
    userName: "a@example.com",
  });
  const { verified, registrationInfo } = await verifyRegistrationResponse({
    response: device.register(options, { origin: rp.origin }),
    expectedChallenge: options.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
  });
  if (!verified || registrationInfo === undefined) throw new Error("registration was not verified");
  return {
    credentialID: registrationInfo.credentialID,
    credentialPublicKey: registrationInfo.credentialPublicKey,
    counter: registrationInfo.counter,
  };
}

/** The assertion with its signature padded as the portal pads it (lib/auth/passkeys/es256-signature.ts). */
export function withPaddedSignature(response: AuthenticationResponseJSON): AuthenticationResponseJSON {
  const signature = padEs256Signature(Buffer.from(response.response.signature, "base64url"));
  return { ...response, response: { ...response.response, signature: Buffer.from(signature).toString("base64url") } };
}
