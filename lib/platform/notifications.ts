import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { NOTIFICATION_KINDS, type NotificationKind } from "./notification-types";

/**
 * The platform's callbacks: which kind a body is and whether it is signed with the webhook key (the reading of one is
 * the registry's `readNotification`). Only the ampeco dialect has them.
 */

/** The callback's kind (`notification`), or null when the body names none. */
export function notificationKindOf(body: unknown): string | null {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return null;
  const kind = (body as { notification?: unknown }).notification;
  return typeof kind === "string" && kind.length <= 100 ? kind : null;
}

export const isNotificationKind = (kind: string): kind is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/**
 * The 32 bytes a signature header spells, or null: hex in either case or base64 (standard or URL-safe, padded or
 * not), each with an optional `sha256=` prefix. AMPECO says only "SHA256-HMAC" (docs/platform-fidelity.md, A1).
 */
function signatureBytes(signature: string): Buffer | null {
  const value = signature.trim().replace(/^sha256=/i, "");
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, "hex");
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) return null;
  const bytes = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return bytes.length === 32 ? bytes : null;
}

/** How a signature header is spelled, for a log line: never its value. */
export function signatureForm(signature: string | null): string {
  if (signature === null || signature.trim() === "") return "missing";
  const value = signature.trim();
  const prefix = /^sha256=/i.test(value) ? "sha256= and " : "";
  const rest = value.replace(/^sha256=/i, "");
  if (/^[0-9a-f]{64}$/.test(rest)) return `${prefix}lower-case hex`;
  if (/^[0-9A-F]{64}$/.test(rest)) return `${prefix}upper-case hex`;
  if (/^[0-9a-f]{64}$/i.test(rest)) return `${prefix}mixed-case hex`;
  if (signatureBytes(rest) !== null) return `${prefix}base64`;
  return `${prefix}${rest.length} characters, neither hex nor base64 of 32 bytes`;
}

/** True when `signature` is the SHA256-HMAC of the raw body keyed with one of `keys`; compared in constant time. */
export function isValidSignature(rawBody: Buffer | string, signature: string | null, keys: readonly string[]): boolean {
  const given = signature ? signatureBytes(signature) : null;
  let valid = false;
  for (const key of keys) {
    if (key === "") continue;
    const expected = createHmac("sha256", key).update(rawBody).digest();
    // Every key is compared, so the time does not tell which one (or whether the form was readable).
    const match = timingSafeEqual(given ?? Buffer.alloc(32), expected) && given !== null;
    valid ||= match;
  }
  return valid;
}
