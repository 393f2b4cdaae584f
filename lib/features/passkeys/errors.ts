import { ExpectedError } from "@/lib/core/errors";
import type { MessageKey } from "@/lib/core/i18n/translator";
import { PASSKEY_ERROR_STATUS, type PasskeyErrorCode } from "./shared";

/** A passkey step refused for a reason the person can act on: a 4xx (400 bad answer, 403 refusal), never a 500. */
export class PasskeyError extends ExpectedError {
  declare readonly status: 400 | 403;

  constructor(message: MessageKey, status: 400 | 403 = 400) {
    const code: PasskeyErrorCode = status === 403 ? "forbidden" : "bad-answer";
    super(code, message, {}, undefined, PASSKEY_ERROR_STATUS[code]);
    this.name = "PasskeyError";
  }
}

export const CHALLENGE_GONE = "passkeys.errors.challengeGone" satisfies MessageKey;
export const PASSKEY_NOT_ACCEPTED = "passkeys.errors.notAccepted" satisfies MessageKey;
