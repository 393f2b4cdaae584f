import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from "@simplewebauthn/server";
import type { SoftAuthenticator } from "./soft-authenticator";

/** Registers `device` with @simplewebauthn/server as the portal would; what the portal would store. */
export async function registerWithLibrary(
  device: SoftAuthenticator,
  rp: { rpID: string; origin: string; userID: string },
): Promise<WebAuthnCredential> {
  const options = await generateRegistrationOptions({
    rpName: "Portal",
    rpID: rp.rpID,
    userID: new TextEncoder().encode(rp.userID),
    userName: "a@example.com",
  });
  const { verified, registrationInfo } = await verifyRegistrationResponse({
    response: device.register(options, { origin: rp.origin }),
    expectedChallenge: options.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
  });
  if (!verified || registrationInfo === undefined) throw new Error("registration was not verified");
  const { id, publicKey, counter } = registrationInfo.credential;
  return { id, publicKey, counter };
}
