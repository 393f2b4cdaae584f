import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { cookies, headers } from "next/headers";
import { getConfig } from "@/lib/core/config";
import { getAuthSecret } from "./secret";
import { isSecureOrigin, sessionCookieName } from "./session-policy";

/**
 * A browser that finished an e-mail sign-in keeps a proof of that address (an HMAC under AUTH_SECRET), so its next
 * sign-in request skips the per-address limit an attacker can fill (issue 33, R4-4; docs/design-notes.md).
 */
export const KNOWN_BROWSER_COOKIE = "portal-known-signin";
/** Chrome's cap on a cookie's lifetime. */
const MAX_AGE_SECONDS = 400 * 24 * 3600;
/** Addresses one browser remembers (a shared family computer); the newest first. */
const MAX_ADDRESSES = 3;
const CALLBACK_PATH = "/api/auth/callback/nodemailer";

async function proofOf(email: string): Promise<string> {
  return createHmac("sha256", await getAuthSecret())
    .update(`known-signin\n${email.toLowerCase()}`)
    .digest("base64url")
    .slice(0, 22);
}

const proofsIn = (value: string | undefined): string[] =>
  (value ?? "").split(".").filter((proof) => /^[\w-]{22}$/.test(proof));

/** Whether this request's browser signed in to `email` by link before. */
export async function isKnownBrowserFor(email: string): Promise<boolean> {
  const expected = Buffer.from(await proofOf(email));
  const held = proofsIn((await cookies()).get(KNOWN_BROWSER_COOKIE)?.value);
  return held.some((proof) => timingSafeEqual(Buffer.from(proof), expected));
}

/** Auth.js's answer to a followed sign-in link, with the proof of its address added once it opened a session. */
export async function rememberLinkSignIn(request: Request, response: Response): Promise<Response> {
  const url = new URL(request.url);
  const email = url.searchParams.get("email");
  if (url.pathname !== CALLBACK_PATH || !email || response.status >= 400) return response;
  const secure = isSecureOrigin(getConfig().auth.url, (await headers()).get("x-forwarded-proto"));
  const session = `${sessionCookieName(secure)}=`;
  const opened = response.headers
    .getSetCookie()
    .some((cookie) => cookie.startsWith(session) && !cookie.startsWith(`${session};`));
  if (!opened) return response;
  const proof = await proofOf(email);
  const kept = proofsIn((await cookies()).get(KNOWN_BROWSER_COOKIE)?.value).filter((held) => held !== proof);
  const value = [proof, ...kept].slice(0, MAX_ADDRESSES).join(".");
  const answer = new Response(response.body, response);
  answer.headers.append(
    "set-cookie",
    `${KNOWN_BROWSER_COOKIE}=${value}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
  );
  return answer;
}
