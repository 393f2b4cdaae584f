import "server-only";
import type { EndpointName } from "./endpoint-table";

/**
 * Typed platform errors. Messages name the endpoint and status only, never keys, ids, addresses or the platform's text
 * (which may echo personal data); that text is kept in `platformMessage`.
 */

export type PlatformErrorCode =
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "voucher_rejected"
  | "stop_rejected"
  | "validation"
  | "rate_limited"
  | "unavailable"
  | "bad_response"
  | "invalid_argument";

interface PlatformErrorOptions {
  status?: number;
  platformMessage?: string;
  cause?: unknown;
}

/**
 * Next bundles server modules more than once while the client is shared through globalThis, so `instanceof` checks a
 * global brand, not class identity.
 */
const PLATFORM_ERROR_BRAND = Symbol.for("driver-portal.platform-error");

export abstract class PlatformError extends Error {
  abstract readonly code: PlatformErrorCode;
  /** Set on each concrete class; absent on PlatformError itself, which matches every platform error. */
  static readonly CODE?: PlatformErrorCode;
  readonly [PLATFORM_ERROR_BRAND] = true;

  static [Symbol.hasInstance](value: unknown): boolean {
    if (typeof value !== "object" || value === null || !(PLATFORM_ERROR_BRAND in value)) return false;
    const wanted = (this as { CODE?: PlatformErrorCode }).CODE;
    return wanted === undefined || (value as { code?: unknown }).code === wanted;
  }
  readonly endpoint: EndpointName;
  readonly status?: number;
  /** The `message` of the platform's error body; may contain personal data, so never logged. */
  readonly platformMessage?: string;

  constructor(endpoint: EndpointName, message: string, options: PlatformErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.endpoint = endpoint;
    this.status = options.status;
    this.platformMessage = options.platformMessage;
  }
}

export function isPlatformError(value: unknown): value is PlatformError {
  return value instanceof PlatformError;
}

/** 401 and 403: the platform refused the server key, for the reason `why` names. */
abstract class PlatformKeyRefusedError extends PlatformError {
  constructor(endpoint: EndpointName, why: string, status: 401 | 403, platformMessage?: string) {
    super(endpoint, `Platform call ${endpoint} was refused: ${why} (${status}).`, { status, platformMessage });
  }
}

/** 401: the server key is missing or invalid. */
export class PlatformUnauthorizedError extends PlatformKeyRefusedError {
  static override readonly CODE = "unauthorized" as const;
  readonly code = "unauthorized";
  constructor(endpoint: EndpointName, platformMessage?: string) {
    super(endpoint, "API key missing or invalid", 401, platformMessage);
  }
}

/** 403: the server key has no rights for this action. */
export class PlatformForbiddenError extends PlatformKeyRefusedError {
  static override readonly CODE = "forbidden" as const;
  readonly code = "forbidden";
  constructor(endpoint: EndpointName, platformMessage?: string) {
    super(endpoint, "the API key has no rights for this action", 403, platformMessage);
  }
}

/** 404: record not found (on vouchers.redeem: the user does not exist). */
export class PlatformNotFoundError extends PlatformError {
  static override readonly CODE = "not_found" as const;
  readonly code = "not_found";
  constructor(endpoint: EndpointName, platformMessage?: string) {
    super(endpoint, `Platform call ${endpoint} found no such record (404).`, { status: 404, platformMessage });
  }
}

/** 406 on vouchers.redeem: voucher invalid, already used or not applicable. */
export class VoucherRejectedError extends PlatformError {
  static override readonly CODE = "voucher_rejected" as const;
  readonly code = "voucher_rejected";
  constructor(endpoint: EndpointName, platformMessage?: string) {
    super(endpoint, `Platform call ${endpoint} rejected the voucher (406).`, { status: 406, platformMessage });
  }
}

/** 406 on a charging stop: the charge point rejected it (the session is already over, or the charge point said no). */
export class ChargeStopRejectedError extends PlatformError {
  static override readonly CODE = "stop_rejected" as const;
  readonly code = "stop_rejected";
  constructor(endpoint: EndpointName, platformMessage?: string) {
    super(endpoint, `Platform call ${endpoint} was rejected by the charge point (406).`, {
      status: 406,
      platformMessage,
    });
  }
}

/** 422: invalid payload, e.g. a new e-mail address already in use. */
export class PlatformValidationError extends PlatformError {
  static override readonly CODE = "validation" as const;
  readonly code = "validation";
  /** Field name → messages, from the body's `errors`. */
  readonly fieldErrors: Record<string, string[]>;
  constructor(endpoint: EndpointName, fieldErrors: Record<string, string[]>, platformMessage?: string) {
    const fields = Object.keys(fieldErrors);
    // Field names are the platform's schema names, not user data, so they may appear here.
    const detail = fields.length > 0 ? `; fields: ${fields.join(", ")}` : "";
    super(endpoint, `Platform call ${endpoint} rejected the payload (422)${detail}.`, { status: 422, platformMessage });
    this.fieldErrors = fieldErrors;
  }
}

/** 429 after the retries are spent, or when the platform asks for a longer wait than allowed. */
export class PlatformRateLimitedError extends PlatformError {
  static override readonly CODE = "rate_limited" as const;
  readonly code = "rate_limited";
  /** Seconds the platform asked to wait; null when it did not say. */
  readonly retryAfterSeconds: number | null;
  constructor(endpoint: EndpointName, retryAfterSeconds: number | null, platformMessage?: string) {
    const detail = retryAfterSeconds === null ? "" : `; retry after ${retryAfterSeconds} s`;
    super(endpoint, `Platform call ${endpoint} was rate limited (429)${detail}.`, { status: 429, platformMessage });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export type UnavailableKind = "timeout" | "network" | "server";

/**
 * The platform could not be reached or failed (5xx, network error, timeout). For a
 * non-idempotent call the outcome is unknown: it may or may not have been carried out.
 */
export class PlatformUnavailableError extends PlatformError {
  static override readonly CODE = "unavailable" as const;
  readonly code = "unavailable";
  readonly kind: UnavailableKind;
  constructor(
    endpoint: EndpointName,
    kind: UnavailableKind,
    options: { status?: number; timeoutMs?: number; cause?: unknown } = {},
  ) {
    const detail =
      kind === "timeout"
        ? `timed out${options.timeoutMs === undefined ? "" : ` after ${options.timeoutMs} ms`}`
        : kind === "network"
          ? "network error"
          : `server error${options.status === undefined ? "" : ` (${options.status})`}`;
    super(endpoint, `Platform call ${endpoint} failed: ${detail}.`, { status: options.status, cause: options.cause });
    this.kind = kind;
  }
}

/** A response the client cannot use: bad JSON, a shape the schema rejects, an unexpected status or link. */
export class PlatformResponseError extends PlatformError {
  static override readonly CODE = "bad_response" as const;
  readonly code = "bad_response";
  /** Paths of the schema issues (e.g. `data.0.id`), never the values. */
  readonly issuePaths: string[];
  constructor(
    endpoint: EndpointName,
    reason: string,
    options: { status?: number; issuePaths?: string[]; platformMessage?: string } = {},
  ) {
    super(endpoint, `Platform call ${endpoint} returned an unexpected response: ${reason}.`, {
      status: options.status,
      platformMessage: options.platformMessage,
    });
    this.issuePaths = options.issuePaths ?? [];
  }
}

/** Why an invoice's PDF was not taken; the payments feature words each (docs/platform-fidelity.md, A3). */
export type InvoicePdfProblem = "no-link" | "unsafe-link" | "too-many-redirects" | "not-a-pdf" | "too-large";

/** The invoice's PDF was not taken: no link, a link the portal does not follow, or a file that is not a PDF. */
export class InvoicePdfError extends PlatformResponseError {
  constructor(
    readonly pdfProblem: InvoicePdfProblem,
    status?: number,
  ) {
    super("invoices.get", `the invoice PDF was not taken (${pdfProblem})`, { status });
  }
}

/** The problem of an InvoicePdfError, or null for any other error (`instanceof` goes by code, so not that). */
export function invoicePdfProblemOf(error: unknown): InvoicePdfProblem | null {
  return isPlatformError(error) && "pdfProblem" in error ? (error as InvoicePdfError).pdfProblem : null;
}

/** The call was not sent because an argument was unusable (e.g. a non-integer id in a path). */
export class PlatformArgumentError extends PlatformError {
  static override readonly CODE = "invalid_argument" as const;
  readonly code = "invalid_argument";
  constructor(endpoint: EndpointName, reason: string) {
    super(endpoint, `Platform call ${endpoint} was not sent: ${reason}.`);
  }
}

/** Invoice details of a manager the portal only shows (Cardcom, SoftOne, Ecpay): not saved, nothing sent. */
export class InvoiceManagerReadOnlyError extends PlatformArgumentError {
  constructor(readonly invoiceManager: string) {
    super("invoiceDetails.save", `the tenant's invoice manager (${invoiceManager}) is shown read-only`);
  }
}

/** The manager of an InvoiceManagerReadOnlyError, or null for any other error. */
export function readOnlyInvoiceManagerOf(error: unknown): string | null {
  return isPlatformError(error) && "invoiceManager" in error
    ? (error as InvoiceManagerReadOnlyError).invoiceManager
    : null;
}

/**
 * A 422 on a value from the portal's settings (`partnerId`, `userGroupIds`), which no form field can fix. The message
 * names the setting for the operator's log; people see the generic failure.
 */
export class PlatformSettingRefusedError extends Error {
  constructor(
    readonly setting: "PLATFORM_PARTNER_ID" | "PLATFORM_USER_GROUP_ID",
    readonly value: number,
  ) {
    super(`The platform does not know ${setting} ${value}: set the tenant's, and run npm run platform:check.`);
    this.name = "PlatformSettingRefusedError";
  }
}
