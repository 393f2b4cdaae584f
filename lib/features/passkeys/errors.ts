import { ExpectedError } from "@/lib/core/errors";
import type { MessageKey } from "@/lib/core/i18n/translator";

/** A passkey step refused for a reason the person can act on: a 4xx (400 bad answer, 403 refusal), never a 500. */
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
