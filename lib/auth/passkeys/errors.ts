/**
 * A passkey step refused for a reason the person can act on: answered as a 4xx with these words,
 * never a 500. `status` is 400 for a bad or stale answer from the browser, 403 for a refusal.
 */
export class PasskeyError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 = 400,
  ) {
    super(message);
    this.name = "PasskeyError";
  }
}

export const CHALLENGE_GONE = "This passkey request has expired or was already used. Please try again.";
export const PASSKEY_NOT_ACCEPTED = "This passkey could not be verified. Try again, or sign in with an e-mail link.";
