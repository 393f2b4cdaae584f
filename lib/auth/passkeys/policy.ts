import "server-only";
import { getConfig } from "@/lib/config";
import { isStaff } from "../roles";
import type { Viewer } from "../viewer-identity";

/**
 * Who may add, rename or remove passkeys in this session. Drivers always may: their e-mail link
 * stays a way in anyway. Staff under STAFF_REQUIRE_PASSKEY may enrol from an e-mail-link session only
 * while they have no passkey (first enrolment, or after an admin reset); otherwise whoever reads a
 * staff mailbox could add their own passkey and become staff. The refusal's words, or null.
 */
export function mayChangePasskeys(viewer: Viewer, ownPasskeys: number): string | null {
  if (!isStaff(viewer.role) || !getConfig().auth.staffRequirePasskey) return null;
  if (viewer.signInMethod === "passkey" || ownPasskeys === 0) return null;
  return "You already have a passkey: sign in with it to change your passkeys. Lost it? Ask an admin to reset your passkeys.";
}
