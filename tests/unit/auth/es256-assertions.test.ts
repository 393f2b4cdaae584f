import { generateAuthenticationOptions, verifyAuthenticationResponse } from "@simplewebauthn/server";
import { describe, expect, it } from "vitest";
import { createSoftAuthenticator } from "@/tests/support/soft-authenticator";
import { registerWithLibrary } from "@/tests/support/webauthn-library";

/**
 * Issue 22: SimpleWebAuthn 9 refused about 1 genuine ES256 signature in 256 (an r or s shorter than
 * 32 bytes), and the portal padded signatures by hand. The current library reads DER integers of
 * any length. 2,000 assertions of one passkey, each over a fresh challenge, verified in order; among
 * them, made on purpose, short r and short s with the first byte below and above 0x80 (DER writes
 * the latter with a sign byte, the case the padding could not rescue).
 */
const rpID = "localhost";
const origin = "http://localhost:3100";
const ASSERTIONS = 2000;
const EACH_SHORT_SHAPE = 12;

/** r and s of a DER ECDSA signature, without DER's sign byte. */
function integers(der: Buffer): [Buffer, Buffer] {
  const rLength = der[3]!;
  const r = der.subarray(4, 4 + rLength);
  const s = der.subarray(6 + rLength);
  const value = (integer: Buffer) => (integer[0] === 0 ? integer.subarray(1) : integer);
  return [value(r), value(s)];
}

/** A shape: which integer is short (31 bytes), and whether its first byte has the high bit set. */
const SHORT_SHAPES = (["r", "s"] as const).flatMap((which) =>
  [false, true].map((highBit) => ({
    name: `short ${which}, first byte ${highBit ? "≥" : "<"} 0x80`,
    test: (der: Buffer) => {
      const [r, s] = integers(der);
      const [short, other] = which === "r" ? [r, s] : [s, r];
      return short.length === 31 && other.length === 32 && short[0]! >= 0x80 === highBit;
    },
  })),
);

describe("ES256 assertions with the current SimpleWebAuthn", () => {
  it(`verifies ${ASSERTIONS} generated assertions, short r and s included, and refuses none`, async () => {
    const device = createSoftAuthenticator();
    const credential = await registerWithLibrary(device, { rpID, origin, userID: "u-1" });
    const shapes = SHORT_SHAPES.flatMap((shape) => Array<typeof shape>(EACH_SHORT_SHAPE).fill(shape));
    const every = Math.floor(ASSERTIONS / shapes.length);
    let refused = 0;
    let short = 0;
    for (let i = 0; i < ASSERTIONS; i += 1) {
      const options = await generateAuthenticationOptions({ rpID, userVerification: "required" });
      // The shaped ones spread over the run; the rest as they come (about 1 in 128 of those is short too).
      const shape = i % every === 0 ? shapes.pop() : undefined;
      const response = device.authenticate(options, { origin, signatureWhere: shape?.test });
      const der = Buffer.from(response.response.signature, "base64url");
      if (integers(der).some((integer) => integer.length < 32)) short += 1;
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: options.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential,
        requireUserVerification: true,
      }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
      if (!result.verified || !result.authenticationInfo) refused += 1;
      else credential.counter = result.authenticationInfo.newCounter;
    }
    expect(shapes, "every short shape was made").toEqual([]);
    expect(short).toBeGreaterThanOrEqual(SHORT_SHAPES.length * EACH_SHORT_SHAPE);
    expect(refused).toBe(0);
    expect(credential.counter).toBe(ASSERTIONS);
  }, 120_000);
});
