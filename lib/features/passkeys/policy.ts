import "server-only";
import { getConfig } from "@/lib/core/config";
import type { MessageKey } from "@/lib/core/i18n/translator";
import { isStaff } from "@/lib/core/auth/roles";
import type { Viewer } from "@/lib/core/auth/viewer-identity";
import type { PasskeyStanding } from "./store";

/**
 * Who may add, rename or remove passkeys in this session. Drivers always may: their e-mail link
 * stays a way in anyway. Staff under STAFF_REQUIRE_PASSKEY may enrol from an e-mail-link session only
 * while they have no passkey, and only with a link to the address the account had when it got its
 * role or an admin reset its passkeys (`staffEnrolEmail`): otherwise whoever reads a staff mailbox, or
 * moved a staff account to one, could add their own passkey and become staff. The refusal (a
 * catalogue key), or null.
 */
export function mayChangePasskeys(viewer: Viewer, standing: PasskeyStanding): MessageKey | null {
  if (!isStaff(viewer.role) || !getConfig().auth.staffRequirePasskey) return null;
  if (viewer.signInMethod === "passkey") return null;
  if (standing.passkeys > 0) return "passkeys.errors.staffNeedsPasskeySession";
  if (standing.staffEnrolEmail !== null && standing.staffEnrolEmail === viewer.email.toLowerCase()) return null;
  return "passkeys.errors.staffEnrolNeedsReset";
}
