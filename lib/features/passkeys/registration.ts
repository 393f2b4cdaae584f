import "server-only";
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/core/db/client";
import { passkeys } from "@/lib/core/db/schema";
import type { Viewer } from "@/lib/core/auth/viewer-identity";
import { consumeChallenge, issueChallenge } from "./challenges";
import { CHALLENGE_GONE, PasskeyError } from "./errors";
import { mayChangePasskeys } from "./policy";
import { expectedAnswer, type RelyingParty } from "./relying-party";
import { passkeyStanding } from "./store";
import { PASSKEY_NAME_MAX } from "./schemas";

/** Adding a passkey: options (own passkeys excluded, discoverable credential), then the answer verified and stored. */
export interface RegistrationStart {
  challengeId: string;
  options: PublicKeyCredentialCreationOptionsJSON;
}

export async function startPasskeyRegistration(
  db: Database,
  viewer: Viewer,
  rp: RelyingParty,
): Promise<RegistrationStart> {
  const own = await db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, viewer.userId));
  const refusal = mayChangePasskeys(viewer, await passkeyStanding(db, viewer.userId));
  if (refusal) throw new PasskeyError(refusal, 403);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: userHandleOf(viewer.userId),
    userName: viewer.email,
    userDisplayName: viewer.name ?? viewer.email,
    attestationType: "none",
    excludeCredentials: own.map((p) => ({ id: p.id, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  const challengeId = await issueChallenge(db, {
    challenge: options.challenge,
    purpose: "register",
    userId: viewer.userId,
  });
  return { challengeId, options };
}

/**
 * The user handle a passkey carries: the account id's UTF-8 bytes. Passkeys made with the earlier
 * library hold the same bytes (it encoded the id string the same way), so both sign in alike.
 */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(userId);
}

export function transportsOf(stored: string) {
  return stored ? (stored.split(",") as NonNullable<RegistrationResponseJSON["response"]["transports"]>) : undefined;
}

/** Verifies the browser's answer and stores the passkey; its stored name. */
export async function finishPasskeyRegistration(
  db: Database,
  viewer: Viewer,
  rp: RelyingParty,
  input: { challengeId: string; response: RegistrationResponseJSON; name: string },
): Promise<string> {
  const expectedChallenge = await consumeChallenge(db, input.challengeId, {
    purpose: "register",
    userId: viewer.userId,
  });
  if (!expectedChallenge) throw new PasskeyError(CHALLENGE_GONE);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      ...expectedAnswer(rp, expectedChallenge),
    });
  } catch {
    throw new PasskeyError("passkeys.errors.notAdded");
  }
  const info = verification.registrationInfo;
  if (!verification.verified || !info) throw new PasskeyError("passkeys.errors.notAdded");
  const { id, publicKey, counter } = info.credential;
  const name = input.name.slice(0, PASSKEY_NAME_MAX);
  // The staff rule again, with the account locked: options fetched before another passkey was added
  // (or before a reset) must not enrol one now, nor may two enrolments at once both count zero.
  await db.transaction(async (tx) => {
    const refusal = mayChangePasskeys(viewer, await passkeyStanding(tx, viewer.userId, { lock: true }));
    if (refusal) throw new PasskeyError(refusal, 403);
    const inserted = await tx
      .insert(passkeys)
      .values({
        id,
        userId: viewer.userId,
        publicKey: Buffer.from(publicKey).toString("base64url"),
        counter,
        transports: (input.response.response.transports ?? []).join(","),
        name,
        synced: info.credentialDeviceType === "multiDevice",
      })
      .onConflictDoNothing()
      .returning({ id: passkeys.id });
    if (inserted.length === 0) throw new PasskeyError("passkeys.errors.alreadyRegistered");
  });
  return name;
}
