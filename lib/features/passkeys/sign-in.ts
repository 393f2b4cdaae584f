import "server-only";
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/core/db/client";
import { passkeys, users } from "@/lib/core/db/schema";
import type { Role } from "@/lib/core/auth/roles";
import { consumeChallenge, issueChallenge } from "./challenges";
import { signCountAccepted } from "./counter";
import { CHALLENGE_GONE, PASSKEY_NOT_ACCEPTED, PasskeyError } from "./errors";
import { expectedAnswer, type RelyingParty } from "./relying-party";
import { transportsOf, userHandleOf } from "./registration";

/**
 * Passkey sign-in: no credential list sent; the answer must be signed by a stored passkey for this origin and RP ID,
 * over an unused challenge of ours, with a counter that moved on.
 */
export interface SignInStart {
  challengeId: string;
  options: PublicKeyCredentialRequestOptionsJSON;
}

export async function startPasskeySignIn(db: Database, rp: RelyingParty): Promise<SignInStart> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "required" });
  const challengeId = await issueChallenge(db, { challenge: options.challenge, purpose: "sign-in", userId: null });
  return { challengeId, options };
}

export interface PasskeyAccount {
  userId: string;
  email: string;
  role: Role;
  passkeyName: string;
}

/** Checks the browser's answer; the account it signs in. Every refusal is a PasskeyError (4xx). */
export async function verifyPasskeySignIn(
  db: Database,
  rp: RelyingParty,
  input: { challengeId: string; response: AuthenticationResponseJSON },
  now = new Date(),
): Promise<PasskeyAccount> {
  const expectedChallenge = await consumeChallenge(db, input.challengeId, { purpose: "sign-in", userId: null }, now);
  if (!expectedChallenge) throw new PasskeyError(CHALLENGE_GONE);
  const [stored] = await db
    .select({
      id: passkeys.id,
      userId: passkeys.userId,
      publicKey: passkeys.publicKey,
      counter: passkeys.counter,
      transports: passkeys.transports,
      name: passkeys.name,
      email: users.email,
      role: users.role,
    })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.id, input.response.id))
    .limit(1);
  if (!stored?.email) throw new PasskeyError(PASSKEY_NOT_ACCEPTED);
  // The browser names the account the passkey was made for (base64url of the handle's bytes); it must be the passkey's owner.
  const userHandle = input.response.response.userHandle;
  if (userHandle !== undefined && userHandle !== Buffer.from(userHandleOf(stored.userId)).toString("base64url"))
    throw new PasskeyError(PASSKEY_NOT_ACCEPTED);

  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: input.response,
      ...expectedAnswer(rp, expectedChallenge),
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(Buffer.from(stored.publicKey, "base64url")),
        counter: stored.counter,
        transports: transportsOf(stored.transports),
      },
    });
  } catch {
    throw new PasskeyError(PASSKEY_NOT_ACCEPTED);
  }
  const { newCounter } = verification.authenticationInfo;
  if (!verification.verified || !signCountAccepted(stored.counter, newCounter))
    throw new PasskeyError(PASSKEY_NOT_ACCEPTED);
  // Only from the counter this check saw: of two sign-ins at once with the same count, one wins.
  const moved = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, stored.id), eq(passkeys.counter, stored.counter)))
    .returning({ id: passkeys.id });
  if (moved.length === 0) throw new PasskeyError(PASSKEY_NOT_ACCEPTED);
  return { userId: stored.userId, email: stored.email, role: stored.role, passkeyName: stored.name };
}
