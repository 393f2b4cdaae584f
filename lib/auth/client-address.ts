import "server-only";
import { headers } from "next/headers";

/** The caller's address as the server saw it (first X-Forwarded-For hop, as set by Next or a proxy). */
export async function clientAddress(): Promise<string> {
  const h = await headers();
  const forwarded = h.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || h.get("x-real-ip") || "unknown";
}
