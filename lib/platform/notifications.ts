import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { readAmpecoNotification } from "./dialects/ampeco/notifications";
import { NOTIFICATION_KINDS, type NotificationKind, type ParsedNotification } from "./notification-types";

export * from "./notification-types";

/**
 * The platform's callbacks: which kind a body is, whether it is signed with the webhook key, and
 * the portal's reading of it. Only the ampeco dialect has them.
 */

/** The callback's kind (`notification`), or null when the body names none. */
export function notificationKindOf(body: unknown): string | null {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return null;
  const kind = (body as { notification?: unknown }).notification;
  return typeof kind === "string" && kind.length <= 100 ? kind : null;
}

export const isNotificationKind = (kind: string): kind is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** The portal's reading of a callback of `kind`, or null when the body is not that callback. */
export function readNotification(kind: NotificationKind, body: unknown): ParsedNotification | null {
  return readAmpecoNotification(kind, body);
}

/** True when `signature` is the hex SHA256-HMAC of the raw body keyed with `key`; compared in constant time. */
export function isValidSignature(rawBody: Buffer | string, signature: string | null, key: string): boolean {
  if (!signature || key === "") return false;
  const expected = createHmac("sha256", key).update(rawBody).digest();
  const given = /^[0-9a-f]{64}$/i.test(signature.trim()) ? Buffer.from(signature.trim(), "hex") : Buffer.alloc(0);
  if (given.length !== expected.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(given, expected);
}
