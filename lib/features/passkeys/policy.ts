import "server-only";
import { getConfig } from "@/lib/core/config";
import type { MessageKey } from "@/lib/core/i18n/translator";
import { isStaff } from "@/lib/core/auth/roles";
import type { Viewer } from "@/lib/core/auth/viewer-identity";
import type { PasskeyStanding } from "./store";

/**
 * Who may change passkeys in this session. Staff under STAFF_REQUIRE_PASSKEY enrol from a link session only without a
 * passkey and only to `staffEnrolEmail`, else a mailbox reader could become staff.
 */
export function mayChangePasskeys(viewer: Viewer, standing: PasskeyStanding): MessageKey | null {
  if (!isStaff(viewer.role) || !getConfig().auth.staffRequirePasskey) return null;
  if (viewer.signInMethod === "passkey") return null;
  if (standing.passkeys > 0) return "passkeys.errors.staffNeedsPasskeySession";
  if (standing.staffEnrolEmail !== null && standing.staffEnrolEmail === viewer.email.toLowerCase()) return null;
  return "passkeys.errors.staffEnrolNeedsReset";
}
