import "server-only";
import { getConfig } from "@/lib/core/config";

/**
 * The portal's public origin for every mailed link and the passkeys' relying party: AUTH_URL, else (outside
 * production) localhost on PORT. Never a request's Host or X-Forwarded-Host, which any client can set.
 */
export async function siteOrigin(): Promise<string> {
  return getConfig().auth.publicOrigin;
}
