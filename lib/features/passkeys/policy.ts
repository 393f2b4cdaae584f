import "server-only";
import { getConfig } from "@/lib/core/config";
import type { MessageKey } from "@/lib/core/i18n/translator";
import { isStaff } from "@/lib/core/auth/roles";
import type { Viewer } from "@/lib/core/auth/viewer-identity";
import type { PasskeyStanding } from "./store";

/**
 * Who may change passkeys in this session. Staff under STAFF_REQUIRE_PASSKEY enrol from a link session only without a
 * passkey, to `staffEnrolEmail`, in a session opened since the grant or reset (issue 33, R4-2).
 */
export function mayChangePasskeys(viewer: Viewer, standing: PasskeyStanding): MessageKey | null {
  if (!isStaff(viewer.role) || !getConfig().auth.staffRequirePasskey) return null;
  if (viewer.signInMethod === "passkey") return null;
  if (standing.passkeys > 0) return "passkeys.errors.staffNeedsPasskeySession";
  const toGrantAddress = standing.staffEnrolEmail !== null && standing.staffEnrolEmail === viewer.email.toLowerCase();
  const openedSinceGrant =
    standing.staffGrantedAt !== null &&
    viewer.sessionOpenedAt != null &&
    viewer.sessionOpenedAt.getTime() >= standing.staffGrantedAt.getTime();
  return toGrantAddress && openedSinceGrant ? null : "passkeys.errors.staffEnrolNeedsReset";
}
