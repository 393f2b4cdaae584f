import "server-only";
import { clientLimitKey } from "./client-address";
import { isKnownBrowserFor } from "./known-browser";
import { hasAccount } from "./known-account";
import { consumeSignInMailLimits } from "./sign-in-limits";

/** What Auth.js's signIn callback may answer: go on, refuse, or redirect without going on. */
export type SignInDecision = boolean | string;

/** Where Auth.js sends the browser after it stored and mailed a link (its own verify-request page). */
export const LINK_SENT_PATH = "/api/auth/verify-request?provider=nodemailer&type=email";
/** Auth.js shows problems on the sign-in page (pages.error); the page has a general text for this one. */
export const RATE_LIMITED_PATH = "/signin?error=RateLimited";

export interface SignInAttempt {
  email: string | null | undefined;
  /** Auth.js passes `{ verificationRequest: true }` when it is about to store and mail a link. */
  verificationRequest: boolean;
  /** The address the portal's sign-in form has already counted and checked for this request, if any. */
  admittedEmail?: string;
}

/**
 * Rules for every sign-in, however started: links only within the mail limits and to known accounts, so an unknown
 * address never gets an account. It gets the same answer, with nothing stored or mailed.
 */
export async function decideSignIn({
  email,
  verificationRequest,
  admittedEmail,
}: SignInAttempt): Promise<SignInDecision> {
  const address = email?.toLowerCase();
  if (!address) return false;
  if (!verificationRequest) return hasAccount(address);
  // The form counted this request against the limits and checked the account before it answered.
  if (admittedEmail !== undefined && admittedEmail.toLowerCase() === address) return true;
  const limits = await consumeSignInMailLimits(address, {
    client: await clientLimitKey(),
    knownBrowser: await isKnownBrowserFor(address),
  });
  if (!limits.allowed) return RATE_LIMITED_PATH;
  return (await hasAccount(address)) ? true : LINK_SENT_PATH;
}
