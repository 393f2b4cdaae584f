import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { AuthenticatorDevice } from "@simplewebauthn/types";
import { describe, expect, it } from "vitest";
import { createSoftAuthenticator, type SoftAuthenticator } from "@/tests/support/soft-authenticator";
import { registerWithLibrary, withPaddedSignature } from "@/tests/support/webauthn-library";

// The test server's RP: the ceremonies below are checked by @simplewebauthn/server itself.
const rpID = "localhost";
const origin = "http://localhost:3100";
const userID = "user-1";

/** Registers `device` the way the portal would and returns what it would store. */
const registered = (device: SoftAuthenticator) => registerWithLibrary(device, { rpID, origin, userID });

/** One sign-in of `device` checked against the stored `authenticator`; the stored counter then follows. */
async function signIn(device: SoftAuthenticator, authenticator: AuthenticatorDevice, expectedOrigin = origin) {
  const options = await generateAuthenticationOptions({ rpID, userVerification: "preferred" });
  const result = await verifyAuthenticationResponse({
    // Padded as the portal pads it: SimpleWebAuthn 9 refuses ~1 in 128 genuine ES256 signatures otherwise.
    response: withPaddedSignature(device.authenticate(options, { origin, userHandle: userID })),
    expectedChallenge: options.challenge,
    expectedOrigin,
    expectedRPID: rpID,
    authenticator,
  });
  if (result.verified) authenticator.counter = result.authenticationInfo.newCounter;
  return result;
}

describe("soft authenticator", () => {
  it("produces a registration that @simplewebauthn/server verifies", async () => {
    const device = createSoftAuthenticator();
    const options = await generateRegistrationOptions({ rpName: "Portal", rpID, userID, userName: "a@example.com" });
    const response = device.register(options, { origin });

    const { verified, registrationInfo } = await verifyRegistrationResponse({
      response,
      expectedChallenge: options.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
    });

    expect(verified).toBe(true);
    expect(registrationInfo?.fmt).toBe("none");
    expect(registrationInfo?.counter).toBe(0);
    expect(registrationInfo?.userVerified).toBe(true);
    expect(registrationInfo?.credentialDeviceType).toBe("singleDevice");
    expect(Buffer.from(registrationInfo?.credentialID ?? []).toString("base64url")).toBe(device.credentialId);
  });

  it("produces assertions that verify with the registered key, the counter rising by one each", async () => {
    const device = createSoftAuthenticator();
    const authenticator = await registered(device);

    const first = await signIn(device, authenticator);
    expect(first.verified).toBe(true);
    expect(first.authenticationInfo.newCounter).toBe(1);
    expect(first.authenticationInfo.userVerified).toBe(true);

    const second = await signIn(device, authenticator);
    expect(second.verified).toBe(true);
    expect(second.authenticationInfo.newCounter).toBe(2);
  });

  it("returns the user handle as v9's browser library would: the userID string itself", async () => {
    const device = createSoftAuthenticator();
    const options = await generateAuthenticationOptions({ rpID });
    expect(device.authenticate(options, { origin, userHandle: userID }).response.userHandle).toBe(userID);
    expect(device.authenticate(options, { origin }).response).not.toHaveProperty("userHandle");
  });

  it("claims another credential id when told to, and its signature then fails that credential's key", async () => {
    const victim = createSoftAuthenticator();
    const authenticator = await registered(victim);
    const attacker = createSoftAuthenticator();
    const options = await generateAuthenticationOptions({ rpID });
    const response = attacker.authenticate(options, { origin, credentialId: victim.credentialId });
    expect([response.id, response.rawId]).toEqual([victim.credentialId, victim.credentialId]);

    const { verified } = await verifyAuthenticationResponse({
      response,
      expectedChallenge: options.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      authenticator,
    });
    expect(verified).toBe(false);
  });

  it("is rejected when the assertion is checked against another origin", async () => {
    const device = createSoftAuthenticator();
    const authenticator = await registered(device);
    await expect(signIn(device, authenticator, "https://portal.example")).rejects.toThrow(/origin/);
  });

  it("is rejected when a clone presents a counter lower than the stored one", async () => {
    const device = createSoftAuthenticator();
    const authenticator = await registered(device);
    const copy = device.clone();
    await signIn(device, authenticator);
    await signIn(device, authenticator);
    expect(authenticator.counter).toBe(2);

    // The copy still stands at 0 and signs 1 next: behind the stored 2, a sign of cloning (v9 throws).
    await expect(signIn(copy, authenticator)).rejects.toThrow(/counter/);
    // The same by winding the original's counter back, as tests may do instead of cloning.
    device.counter = 0;
    await expect(signIn(device, authenticator)).rejects.toThrow(/counter/);
  });
});
