import type { Namespace } from "@/lib/core/i18n/client-namespaces";
import type { ErrorStatusTable } from "@/lib/core/errors";

/** The passkeys feature's browser-safe half. Its own error codes, beside the shared ones of lib/core/errors.ts. */
export const PASSKEY_ERROR_STATUS = {
  /** A browser's answer that cannot be used (a stale challenge). */
  "bad-answer": 400,
  forbidden: 403,
} as const satisfies ErrorStatusTable<string>;

export type PasskeyErrorCode = keyof typeof PASSKEY_ERROR_STATUS;

/** The namespaces its client components translate with (components/layout/client-namespaces.ts sends them). */
export const CLIENT_NAMESPACES = ["passkeys"] as const satisfies readonly Namespace[];
