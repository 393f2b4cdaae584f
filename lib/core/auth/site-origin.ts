import "server-only";
import { headers } from "next/headers";
import { getConfig } from "@/lib/core/config";

/** The portal's public origin: AUTH_URL when configured, else the host this request came to. */
export async function siteOrigin(): Promise<string> {
  const configured = getConfig().auth.url;
  if (configured) return new URL(configured).origin;
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost:3000";
  const proto = h.get("x-forwarded-proto") ?? "http";
  return `${proto}://${host}`;
}
