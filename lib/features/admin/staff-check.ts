import "server-only";
import { AccessDeniedError, authorizeStaff, PASSKEY_SESSION_REQUIRED } from "@/lib/core/auth/guards";
import type { Role } from "@/lib/core/auth/roles";
import { getViewer, type Viewer } from "@/lib/core/auth/viewer";
import type { MessageKey } from "@/lib/core/i18n/translator";
import { recordAudit } from "@/lib/core/audit";
import { auditReasonOf } from "@/lib/core/audit-reason";

/** The actor, or the refusal's code and catalogue key, which the staff action helper words. */
export type StaffCheck =
  { ok: true; actor: Viewer } | { ok: false; code: "unauthorized" | "forbidden"; refusal: MessageKey };

/**
 * First line of every admin action. Only a crafted request gets refused here; a signed-in refusal is audited (in
 * English) as an attempted staff mutation.
 */
export async function checkStaff(minimum: Exclude<Role, "driver">, action: string): Promise<StaffCheck> {
  try {
    return { ok: true, actor: await authorizeStaff(minimum) };
  } catch (error) {
    if (!(error instanceof AccessDeniedError)) throw error;
    if (error.status === 403) {
      const viewer = await getViewer();
      if (viewer)
        await recordAudit({
          actor: viewer,
          action,
          outcome: "failure",
          error:
            error.message === PASSKEY_SESSION_REQUIRED
              ? "Access denied: needs a passkey sign-in"
              : `Access denied: needs the ${minimum} role`,
          reason: auditReasonOf(error),
        });
    }
    return {
      ok: false,
      code: error.status === 401 ? "unauthorized" : "forbidden",
      refusal: error.message as MessageKey,
    };
  }
}
