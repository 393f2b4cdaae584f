import type { MessageKey } from "@/lib/core/i18n/translator";

/**
 * The codes of the errors a feature expects, and the one table from a code to the HTTP status a route
 * handler answers. A server action answers `{status: "error", code, message}` with the same code.
 */
export const ERROR_STATUS = {
  /** Not there, or not the caller's (another driver's card). */
  "not-found": 404,
  "not-owned": 404,
  /** A browser's answer that cannot be used (a stale passkey challenge). */
  "bad-answer": 400,
  forbidden: 403,
  /** A staff account's address changes only on the staff page. */
  staff: 403,
  /** The record's state does not allow it (a blocked card, a deletion in its grace period). */
  refused: 409,
  taken: 409,
  unchanged: 409,
  "in-progress": 409,
  /** Role changes: each refusal staff can act on. */
  self: 409,
  "not-staff": 409,
  "no-invite": 409,
  "bootstrap-admin": 409,
  "last-admin": 409,
  /** The platform's dialect has no such operation. */
  unavailable: 501,
  /** A voucher's redemption: refused by the platform, a bad code, no such driver, busy, down, too many attempts. */
  "voucher-rejected": 422,
  "voucher-invalid": 422,
  "voucher-not-found": 404,
  "voucher-rate-limited": 429,
  "voucher-unavailable": 503,
  "voucher-limited": 429,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

type MessageValues = Record<string, string | number>;

/** Where an error is about one form field: answered as that field's error, in the platform's own words if it gave any. */
export interface FieldBlame {
  field: string;
  said?: string;
}

// Brand and not class identity: Next's server bundles may each hold a copy of this module.
const EXPECTED_BRAND = Symbol.for("driver-portal.expected-error");

/**
 * An error a person can act on. Its words are a catalogue key (`key`, with `values`), put into the
 * reader's language where it is answered; callers outside the feature test its `code`, never its class.
 */
export class ExpectedError extends Error {
  readonly [EXPECTED_BRAND] = true;
  static [Symbol.hasInstance](this: unknown, value: unknown): boolean {
    if (this !== ExpectedError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && EXPECTED_BRAND in value;
  }

  constructor(
    readonly code: ErrorCode,
    readonly key: MessageKey,
    readonly values: MessageValues = {},
    /** For the logs; the key by default. */
    message: string = key,
    readonly blame?: FieldBlame,
  ) {
    super(message);
    this.name = "ExpectedError";
  }
}

/** Whether `error` is an expected error, of one of `codes` when given. */
export function hasErrorCode(error: unknown, ...codes: ErrorCode[]): error is ExpectedError {
  return error instanceof ExpectedError && (codes.length === 0 || codes.includes(error.code));
}
