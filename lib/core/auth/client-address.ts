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
