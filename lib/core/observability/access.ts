import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Who may read /api/metrics: the METRICS_TOKEN bearer, or a client on this machine by the address the rate limits
 * count, so a remote client behind nginx stays remote (docs/design-notes.md#libcoreobservability).
 */
export type MetricsAccess = "allowed" | "off" | "refused";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Loopback: 127.0.0.0/8, ::1 and IPv4-mapped 127.x. */
export function isLoopbackAddress(address: string): boolean {
  const bare = address
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  return bare === "::1" || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

export function metricsAccess(input: {
  enabled: boolean;
  token: string | undefined;
  authorization: string | null;
  /** The client's address as the rate limits see it; null when it cannot be trusted (no peer-address hook). */
  clientAddress: string | null;
}): MetricsAccess {
  if (!input.enabled) return "off";
  const presented = /^Bearer\s+(.+)$/i.exec(input.authorization ?? "")?.[1]?.trim();
  if (input.token && presented && timingSafeEqual(digest(presented), digest(input.token))) return "allowed";
  return input.clientAddress !== null && isLoopbackAddress(input.clientAddress) ? "allowed" : "refused";
}
