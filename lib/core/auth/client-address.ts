import "server-only";
import { headers } from "next/headers";
import { getConfig } from "@/lib/core/config";
import { logger } from "@/lib/core/log";

const hook = globalThis as unknown as { __driverPortalPeerAddressHook?: boolean; __driverPortalPeerWarned?: boolean };

/** Client address from X-Forwarded-For, `trustedHops` from the right; entries left of those are client-written. */
export function clientAddressFrom(forwardedFor: string | null, trustedHops: number, peerAppended: boolean): string {
  const chain = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Without the hook, Next writes the socket's address only when the client sent no header, so
  // the last entry is the best there is (outside production, or a deployment that skipped the hook).
  if (!peerAppended) return chain.at(-1) ?? "unknown";
  // chain = [client-written…, proxy n's view…, socket]; each trusted proxy appended one entry.
  return chain[chain.length - 1 - trustedHops] ?? chain[0] ?? "unknown";
}

/** The caller's address for per-client limits, from the socket and TRUSTED_PROXY_HOPS trusted proxies. */
export async function clientAddress(): Promise<string> {
  const h = await headers();
  const config = getConfig();
  const peerAppended = hook.__driverPortalPeerAddressHook === true;
  if (!peerAppended && config.env === "production" && !hook.__driverPortalPeerWarned) {
    hook.__driverPortalPeerWarned = true;
    logger("client-address").warn(
      "the portal runs without its node options (scripts/portal-node-args.mjs): per-client limits trust X-Forwarded-For",
    );
  }
  return clientAddressFrom(h.get("x-forwarded-for"), config.trustedProxyHops, peerAppended);
}

/** The caller's address only where the socket's own address is known (the portal's node options); else null. */
export async function trustedClientAddress(): Promise<string | null> {
  return hook.__driverPortalPeerAddressHook === true ? clientAddress() : null;
}

/** An IPv6 address's eight groups (`::` expanded, an embedded IPv4 tail as two groups), or null for anything else. */
function ipv6Groups(text: string): string[] | null {
  if (!text.includes(":") || !/^[0-9a-f:.]+$/.test(text)) return null;
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  let head = text;
  if (v4) {
    const bytes = v4.slice(1).map(Number);
    if (bytes.some((byte) => byte > 255)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = bytes;
    head = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = head.split("::");
  if (halves.length > 2) return null;
  const left = halves[0] ? halves[0].split(":") : [];
  const right = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...right];
  return groups.every((group) => /^[0-9a-f]{1,4}$/.test(group)) ? groups : null;
}

/**
 * The key per-client limits count under: an IPv6 address by its /64 (a client usually holds the whole prefix, so a
 * fresh address from it is no fresh bucket), an IPv4 address (also IPv4-mapped) as it is.
 */
export function clientLimitKeyOf(address: string): string {
  const bare = address
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/%.*$/, "");
  const groups = ipv6Groups(bare);
  if (!groups) return bare;
  const numbers = groups.map((group) => parseInt(group, 16));
  if (numbers.slice(0, 5).every((n) => n === 0) && numbers[5] === 0xffff) {
    const [high = 0, low = 0] = numbers.slice(6);
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}

/** The caller's per-client limit key (see clientLimitKeyOf). */
export async function clientLimitKey(): Promise<string> {
  return clientLimitKeyOf(await clientAddress());
}
