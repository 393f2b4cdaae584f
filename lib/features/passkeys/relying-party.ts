import "server-only";
import { PORTAL_NAME } from "@/lib/core/brand";
import { siteOrigin } from "@/lib/core/auth/site-origin";

/**
 * The WebAuthn relying party is the portal's public origin (AUTH_URL): its host name is the RP ID,
 * so passkeys work on that host only, and answers are accepted from that exact origin only.
 */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export async function relyingParty(): Promise<RelyingParty> {
  const origin = await siteOrigin();
  return { id: new URL(origin).hostname, origin, name: PORTAL_NAME };
}

/**
 * What a browser's answer is checked against: the challenge issued for it, from this exact origin and RP ID,
 * with the device's check of its owner (a passkey stands in for the e-mail link and, for staff, for more).
 */
export function expectedAnswer(rp: RelyingParty, expectedChallenge: string) {
  return { expectedChallenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: true };
}
