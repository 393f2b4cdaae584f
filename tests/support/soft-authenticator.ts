import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { encodeCBOR, type CBORType } from "@levischuck/tiny-cbor";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";

/**
 * A software WebAuthn authenticator (plus the browser's part of the ceremony) for tests: it answers
 * the options of @simplewebauthn/server with the JSON that @simplewebauthn/browser would post,
 * signed with a real P-256 key, so a server verifies it exactly as it would a platform passkey.
 * It checks nothing itself (no allow/exclude lists, no RP ID rules): tests steer it into the
 * mistakes and attacks the server must catch.
 */
export interface SoftAuthenticator {
  /** The credential id, base64url (as `id`/`rawId` in the responses). */
  readonly credentialId: string;
  /** Signature counter of the last ceremony; writable, so a test can wind it back to play a clone. */
  counter: number;
  /**
   * navigator.credentials.create(): an attestation of format "none" for a new ES256 credential.
   * Without `at`, the page is https://<RP ID> (a browser on the RP's own host, default port).
   */
  register(options: PublicKeyCredentialCreationOptionsJSON, at?: CeremonyContext): RegistrationResponseJSON;
  /** navigator.credentials.get(): an assertion; the counter is incremented first, as authenticators do. */
  authenticate(options: PublicKeyCredentialRequestOptionsJSON, at: AssertionContext): AuthenticationResponseJSON;
  /** A second device holding the same key, id and (at this moment) counter: a cloned authenticator. */
  clone(): SoftAuthenticator;
}

/** Where the ceremony runs: the page's origin and, if the options give none, the RP ID to sign for. */
export interface CeremonyContext {
  origin: string;
  rpID?: string;
}

export interface AssertionContext extends CeremonyContext {
  /**
   * The user handle to return, as the account id the portal made it from (its UTF-8 bytes); the
   * response carries them base64url-encoded, as the browser library posts them.
   */
  userHandle?: string;
  /** Claim another credential id than this authenticator's (e.g. another user's passkey). */
  credentialId?: string;
  /**
   * Sign again (each signature has a fresh random nonce) until the DER signature has this shape:
   * for tests of rare signatures, such as an r or s shorter than 32 bytes.
   */
  signatureWhere?: (der: Buffer) => boolean;
}

// Authenticator data flags (WebAuthn §6.1). BE/BS stay zero: a single-device, not backed-up credential.
const FLAG_UP = 0x01; // user present
const FLAG_UV = 0x04; // user verified
const FLAG_AT = 0x40; // attested credential data follows

// COSE labels (RFC 9053) of an EC2 key; the numbers are what the server's COSE decoder looks up.
const COSE_KTY = 1;
const COSE_ALG = 3;
const COSE_CRV = -1;
const COSE_X = -2;
const COSE_Y = -3;
const COSE_KTY_EC2 = 2;
const COSE_ALG_ES256 = -7;
const COSE_CRV_P256 = 1;

export function createSoftAuthenticator(): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return new Device(privateKey, publicKey, randomBytes(16), 0);
}

class Device implements SoftAuthenticator {
  readonly credentialId: string;

  constructor(
    private readonly privateKey: KeyObject,
    private readonly publicKey: KeyObject,
    private readonly rawId: Buffer,
    public counter: number,
  ) {
    this.credentialId = rawId.toString("base64url");
  }

  register(options: PublicKeyCredentialCreationOptionsJSON, at?: CeremonyContext): RegistrationResponseJSON {
    const rpID = at?.rpID ?? options.rp.id ?? (at ? new URL(at.origin).hostname : undefined);
    if (rpID === undefined) throw new Error("register(): no RP ID in the options and no origin to take it from");
    const origin = at?.origin ?? `https://${rpID}`;
    const clientDataJSON = clientData("webauthn.create", options.challenge, origin);
    const attestedCredentialData = Buffer.concat([
      Buffer.alloc(16), // AAGUID: all zero, as authenticators that do not attest send it
      uint16(this.rawId.length),
      this.rawId,
      Buffer.from(encodeCBOR(this.coseKey())),
    ]);
    const authData = Buffer.concat([
      authenticatorData(rpID, FLAG_UP | FLAG_UV | FLAG_AT, this.counter),
      attestedCredentialData,
    ]);
    // Format "none" carries an empty statement; the server then trusts only the authenticator data.
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ["fmt", "none"],
        ["attStmt", new Map<string, CBORType>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key",
      response: {
        clientDataJSON: clientDataJSON.toString("base64url"),
        attestationObject: Buffer.from(attestationObject).toString("base64url"),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  authenticate(options: PublicKeyCredentialRequestOptionsJSON, at: AssertionContext): AuthenticationResponseJSON {
    const rpID = at.rpID ?? options.rpId ?? new URL(at.origin).hostname;
    this.counter += 1;
    const authData = authenticatorData(rpID, FLAG_UP | FLAG_UV, this.counter);
    const clientDataJSON = clientData("webauthn.get", options.challenge, at.origin);
    // ES256 over authenticatorData || SHA-256(clientDataJSON); node's EC signature is DER, as WebAuthn wants.
    const signed = Buffer.concat([authData, sha256(clientDataJSON)]);
    let signature = sign("sha256", signed, this.privateKey);
    while (at.signatureWhere && !at.signatureWhere(signature)) signature = sign("sha256", signed, this.privateKey);
    const id = at.credentialId ?? this.credentialId;
    return {
      id,
      rawId: id,
      type: "public-key",
      response: {
        clientDataJSON: clientDataJSON.toString("base64url"),
        authenticatorData: authData.toString("base64url"),
        signature: signature.toString("base64url"),
        ...(at.userHandle === undefined
          ? {}
          : { userHandle: Buffer.from(at.userHandle, "utf8").toString("base64url") }),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  clone(): SoftAuthenticator {
    return new Device(this.privateKey, this.publicKey, this.rawId, this.counter);
  }

  /** The public key as a COSE_Key map (the form attested credential data carries). */
  private coseKey(): Map<number, CBORType> {
    const jwk = this.publicKey.export({ format: "jwk" });
    if (jwk.x === undefined || jwk.y === undefined) throw new Error("EC public key without coordinates");
    return new Map<number, CBORType>([
      [COSE_KTY, COSE_KTY_EC2],
      [COSE_ALG, COSE_ALG_ES256],
      [COSE_CRV, COSE_CRV_P256],
      [COSE_X, new Uint8Array(Buffer.from(jwk.x, "base64url"))],
      [COSE_Y, new Uint8Array(Buffer.from(jwk.y, "base64url"))],
    ]);
  }
}

/** rpIdHash (32) | flags (1) | signCount (4, big-endian): the part every ceremony's data starts with. */
function authenticatorData(rpID: string, flags: number, counter: number): Buffer {
  const signCount = Buffer.alloc(4);
  signCount.writeUInt32BE(counter);
  return Buffer.concat([sha256(Buffer.from(rpID, "utf8")), Buffer.from([flags]), signCount]);
}

/** The browser's clientDataJSON; the server compares type, challenge and origin with what it expects. */
function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), "utf8");
}

function uint16(value: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
}

function sha256(data: Buffer): Buffer {
  return createHash("sha256").update(data).digest();
}
