import "server-only";
import { getConfig } from "@/lib/config";
import type { MessageKey } from "@/lib/i18n/translator";
import { isStaff } from "../roles";
import type { Viewer } from "../viewer-identity";

/**
 * Who may add, rename or remove passkeys in this session. Drivers always may: their e-mail link
 * stays a way in anyway. Staff under STAFF_REQUIRE_PASSKEY may enrol from an e-mail-link session only
 * while they have no passkey (first enrolment, or after an admin reset); otherwise whoever reads a
 * staff mailbox could add their own passkey and become staff. The refusal (a catalogue key), or null.
 */
export function mayChangePasskeys(viewer: Viewer, ownPasskeys: number): MessageKey | null {
  if (!isStaff(viewer.role) || !getConfig().auth.staffRequirePasskey) return null;
  if (viewer.signInMethod === "passkey" || ownPasskeys === 0) return null;
  return "passkeys.errors.staffNeedsPasskeySession";
}
