import { ExpectedError } from "@/lib/core/errors";
import type { MessageKey } from "@/lib/core/i18n/translator";

/**
 * A passkey step refused for a reason the person can act on: answered as a 4xx with these words,
 * never a 500. The message is a catalogue key, put into the caller's language where it is answered.
 * `status` is 400 for a bad or stale answer from the browser, 403 for a refusal.
 */
export class PasskeyError extends ExpectedError {
  constructor(
    message: MessageKey,
    readonly status: 400 | 403 = 400,
  ) {
    super(status === 403 ? "forbidden" : "bad-answer", message);
    this.name = "PasskeyError";
  }
}

export const CHALLENGE_GONE = "passkeys.errors.challengeGone" satisfies MessageKey;
export const PASSKEY_NOT_ACCEPTED = "passkeys.errors.notAccepted" satisfies MessageKey;
