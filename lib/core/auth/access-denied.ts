import type { MessageKey } from "@/lib/core/i18n/translator";

/** Thrown by action and route-handler guards; callers turn it into 401/403 without data. */
export class AccessDeniedError extends Error {
  constructor(
    readonly status: 401 | 403,
    /** A catalogue key, put into the caller's language where the refusal is answered. */
    message: MessageKey = status === 401 ? "access.signInToContinue" : "access.noAccess",
  ) {
    super(message);
    this.name = "AccessDeniedError";
  }

  /** Its code in the audit trail (lib/core/audit-reason.ts). */
  get auditReason(): string {
    if (this.status === 401) return "signed-out";
    return this.message === PASSKEY_SESSION_REQUIRED ? "passkey-required" : "role-required";
  }
}

/** The words of every refusal of a staff session that was not established with a passkey (a catalogue key). */
export const PASSKEY_SESSION_REQUIRED: MessageKey = "auth.errors.staffPasskeyRequired";
