import type { MessageKey } from "@/lib/core/i18n/translator";

/** The statuses a route handler answers an expected error with. */
export type ExpectedStatus = 400 | 403 | 404 | 409 | 422 | 429 | 501 | 503;

/**
 * The codes several features answer with, and each one's HTTP status. A code only one feature uses is declared with
 * its status in that feature's shared.ts (`ROLE_CHANGE_STATUS`) and passed to the error.
 */
export const SHARED_ERROR_STATUS = {
  /** The record's state does not allow it (a blocked card, a deletion in its grace period). */
  refused: 409,
  taken: 409,
  unchanged: 409,
  /** The platform's dialect has no such operation. */
  unavailable: 501,
} as const satisfies Record<string, ExpectedStatus>;

export type SharedErrorCode = keyof typeof SHARED_ERROR_STATUS;

/** A feature's own codes and their statuses. */
export type ErrorStatusTable<Code extends string> = Readonly<Record<Code, ExpectedStatus>>;

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
  /** What a route handler answers: the shared code's status, or the one the feature declared with its code. */
  readonly status: ExpectedStatus;
  static [Symbol.hasInstance](this: unknown, value: unknown): boolean {
    if (this !== ExpectedError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && EXPECTED_BRAND in value;
  }

  constructor(
    code: SharedErrorCode,
    key: MessageKey,
    values?: MessageValues,
    message?: string,
    status?: undefined,
    blame?: FieldBlame,
  );
  constructor(
    code: string,
    key: MessageKey,
    values: MessageValues,
    message: string | undefined,
    status: ExpectedStatus,
    blame?: FieldBlame,
  );
  constructor(
    readonly code: string,
    readonly key: MessageKey,
    readonly values: MessageValues = {},
    /** For the logs; the key by default. */
    message: string = key,
    status?: ExpectedStatus,
    /** The form field it is about, if one: the action helper answers it as that field's error. */
    readonly blame?: FieldBlame,
  ) {
    super(message);
    this.name = "ExpectedError";
    this.status = status ?? SHARED_ERROR_STATUS[code as SharedErrorCode];
  }
}

/** Whether `error` is an expected error, of one of `codes` when given. */
export function hasErrorCode(error: unknown, ...codes: string[]): error is ExpectedError {
  return error instanceof ExpectedError && (codes.length === 0 || codes.includes(error.code));
}
