import type { ErrorStatusTable } from "@/lib/core/errors";

/** The passkeys feature's browser-safe half. Its own error codes, beside the shared ones of lib/core/errors.ts. */
export const PASSKEY_ERROR_STATUS = {
  /** A browser's answer that cannot be used (a stale challenge). */
  "bad-answer": 400,
  forbidden: 403,
} as const satisfies ErrorStatusTable<string>;

export type PasskeyErrorCode = keyof typeof PASSKEY_ERROR_STATUS;
