import { generateAuthenticationOptions, verifyAuthenticationResponse } from "@simplewebauthn/server";
import type { AuthenticationResponseJSON, AuthenticatorDevice } from "@simplewebauthn/types";
import { describe, expect, it } from "vitest";
import { es256SignatureCheckable, padEs256Signature } from "@/lib/auth/passkeys/es256-signature";
import { registerWithLibrary, withPaddedSignature } from "@/tests/support/webauthn-library";
import { createSoftAuthenticator } from "@/tests/support/soft-authenticator";

/**
 * SimpleWebAuthn 9 rejects a genuine ES256 signature whose r or s is shorter than 32 bytes (about
 * 1 in 128): lib/auth/passkeys/es256-signature.ts pads them first, which rescues those whose short
 * integer starts below 0x80 (the library strips a padding byte before a high bit). Shown against
 * the library itself.
 */
const rpID = "localhost";
const origin = "http://localhost:3100";

/** A registered test device that keeps every signature as it comes (see SoftAuthenticator.anySignature). */
async function registeredDevice(anySignature = true) {
  const device = createSoftAuthenticator();
  device.anySignature = anySignature;
  const authenticator = await registerWithLibrary(device, { rpID, origin, userID: "u-1" });
  return { device, authenticator };
}

/** The lengths of r and s without DER's sign byte. */
function integerLengths(signature: string): [number, number] {
  const der = Buffer.from(signature, "base64url");
  const rLength = der[3]!;
  const r = der.subarray(4, 4 + rLength);
  const s = der.subarray(6 + rLength);
  const strip = (v: Buffer) => (v[0] === 0 ? v.length - 1 : v.length);
  return [strip(r), strip(s)];
}

async function verified(response: AuthenticationResponseJSON, challenge: string, authenticator: AuthenticatorDevice) {
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      authenticator,
    });
    return result.verified;
  } catch {
    return false;
  }
}

const padded = withPaddedSignature;

describe("ES256 signature padding", () => {
  it("a genuine signature with a short r or s: refused as it comes; padded, accepted where the library allows", async () => {
    const { device, authenticator } = await registeredDevice();
    const seen = { rescued: 0, unrescuable: 0 };
    for (let attempt = 0; attempt < 4000 && (seen.rescued < 2 || seen.unrescuable < 1); attempt += 1) {
      const options = await generateAuthenticationOptions({ rpID });
      const response = device.authenticate(options, { origin });
      const der = Buffer.from(response.response.signature, "base64url");
      if (integerLengths(response.response.signature).every((length) => length === 32)) continue;
      expect(await verified(response, options.challenge, authenticator)).toBe(false);
      const checkable = es256SignatureCheckable(der);
      expect(await verified(padded(response), options.challenge, authenticator)).toBe(checkable);
      seen[checkable ? "rescued" : "unrescuable"] += 1;
    }
    expect(seen.rescued, "short signatures the padding rescues (about 1 in 256 each)").toBeGreaterThanOrEqual(2);
    expect(seen.unrescuable, "short signatures it cannot (about 1 in 256 each)").toBeGreaterThanOrEqual(1);
  });

  it("every other signature verifies as before once padded", async () => {
    const { device, authenticator } = await registeredDevice(false);
    for (let i = 0; i < 50; i += 1) {
      const options = await generateAuthenticationOptions({ rpID });
      const response = device.authenticate(options, { origin });
      expect(await verified(padded(response), options.challenge, authenticator)).toBe(true);
    }
  });

  it("leaves what is no P-256 DER signature alone", () => {
    const raw = new Uint8Array(64).fill(7);
    expect(padEs256Signature(raw)).toBe(raw);
    const rsa = new Uint8Array(256).fill(0x30);
    expect(padEs256Signature(rsa)).toBe(rsa);
    const truncated = Uint8Array.from([0x30, 0x06, 0x02, 0x01, 0x01, 0x02]);
    expect(padEs256Signature(truncated)).toBe(truncated);
  });
});
