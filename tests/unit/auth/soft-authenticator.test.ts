import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from "@simplewebauthn/server";
import { describe, expect, it } from "vitest";
import { createSoftAuthenticator, type SoftAuthenticator } from "@/tests/support/soft-authenticator";
import { registerWithLibrary } from "@/tests/support/webauthn-library";

// The test server's RP: the ceremonies below are checked by @simplewebauthn/server itself.
const rpID = "localhost";
const origin = "http://localhost:3100";
const userID = "user-1";

/** Registers `device` the way the portal would and returns what it would store. */
const registered = (device: SoftAuthenticator) => registerWithLibrary(device, { rpID, origin, userID });

/** One sign-in of `device` checked against the stored `credential`; the stored counter then follows. */
async function signIn(device: SoftAuthenticator, credential: WebAuthnCredential, expectedOrigin = origin) {
  const options = await generateAuthenticationOptions({ rpID, userVerification: "preferred" });
  const result = await verifyAuthenticationResponse({
    response: device.authenticate(options, { origin, userHandle: userID }),
    expectedChallenge: options.challenge,
    expectedOrigin,
    expectedRPID: rpID,
    credential,
  });
  if (result.verified) credential.counter = result.authenticationInfo.newCounter;
  return result;
}

describe("soft authenticator", () => {
  it("produces a registration that @simplewebauthn/server verifies", async () => {
    const device = createSoftAuthenticator();
    const options = await generateRegistrationOptions({
      rpName: "Portal",
      rpID,
      userID: new TextEncoder().encode(userID),
      userName: "a@example.com",
    });
    const response = device.register(options, { origin });

    const { verified, registrationInfo } = await verifyRegistrationResponse({
      response,
      expectedChallenge: options.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
    });

    expect(verified).toBe(true);
    expect(registrationInfo?.fmt).toBe("none");
    expect(registrationInfo?.credential.counter).toBe(0);
    expect(registrationInfo?.userVerified).toBe(true);
    expect(registrationInfo?.credentialDeviceType).toBe("singleDevice");
    expect(registrationInfo?.credential.id).toBe(device.credentialId);
  });

  it("produces assertions that verify with the registered key, the counter rising by one each", async () => {
    const device = createSoftAuthenticator();
    const credential = await registered(device);

    const first = await signIn(device, credential);
    expect(first.verified).toBe(true);
    expect(first.authenticationInfo.newCounter).toBe(1);
    expect(first.authenticationInfo.userVerified).toBe(true);

    const second = await signIn(device, credential);
    expect(second.verified).toBe(true);
    expect(second.authenticationInfo.newCounter).toBe(2);
  });

  it("returns the user handle as the browser library posts it: base64url of the id's UTF-8 bytes", async () => {
    const device = createSoftAuthenticator();
    const options = await generateAuthenticationOptions({ rpID });
    expect(device.authenticate(options, { origin, userHandle: userID }).response.userHandle).toBe(
      Buffer.from(userID, "utf8").toString("base64url"),
    );
    expect(device.authenticate(options, { origin }).response).not.toHaveProperty("userHandle");
  });

  it("claims another credential id when told to, and its signature then fails that credential's key", async () => {
    const victim = createSoftAuthenticator();
    const credential = await registered(victim);
    const attacker = createSoftAuthenticator();
    const options = await generateAuthenticationOptions({ rpID });
    const response = attacker.authenticate(options, { origin, credentialId: victim.credentialId });
    expect([response.id, response.rawId]).toEqual([victim.credentialId, victim.credentialId]);

    const { verified } = await verifyAuthenticationResponse({
      response,
      expectedChallenge: options.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential,
    });
    expect(verified).toBe(false);
  });

  it("is rejected when the assertion is checked against another origin", async () => {
    const device = createSoftAuthenticator();
    const credential = await registered(device);
    await expect(signIn(device, credential, "https://portal.example")).rejects.toThrow(/origin/);
  });

  it("is rejected when a clone presents a counter lower than the stored one", async () => {
    const device = createSoftAuthenticator();
    const credential = await registered(device);
    const copy = device.clone();
    await signIn(device, credential);
    await signIn(device, credential);
    expect(credential.counter).toBe(2);

    // The copy still stands at 0 and signs 1 next: behind the stored 2, a sign of cloning (the library throws).
    await expect(signIn(copy, credential)).rejects.toThrow(/counter/);
    // The same by winding the original's counter back, as tests may do instead of cloning.
    device.counter = 0;
    await expect(signIn(device, credential)).rejects.toThrow(/counter/);
  });
});
