import "server-only";
import { cookies, headers } from "next/headers";
import { getConfig } from "@/lib/core/config";
import { emailSchema } from "@/lib/core/auth/schemas";
import { isSecureOrigin } from "@/lib/core/auth/session-policy";

/**
 * The address the sign-in or sign-up form was given, for "Check your e-mail" to show (so a typo is seen). A cookie,
 * never the URL: addresses stay out of access logs and history. Only that page gets it, and only while the link works.
 */
export const SENT_TO_COOKIE = "portal-mail-sent-to";
const PAGE = "/check-your-email";

/** Remembers the address this browser typed; the same for an address with an account or without (no tell). */
export async function rememberMailSentTo(email: string, linkMaxAgeSeconds: number): Promise<void> {
  const secure = isSecureOrigin(getConfig().auth.url, (await headers()).get("x-forwarded-proto"));
  (await cookies()).set(SENT_TO_COOKIE, Buffer.from(email, "utf8").toString("base64url"), {
    path: PAGE,
    maxAge: linkMaxAgeSeconds,
    httpOnly: true,
    sameSite: "lax",
    secure,
  });
}

/** The address remembered by rememberMailSentTo, or null (none, expired, or not an address). */
export async function mailSentTo(): Promise<string | null> {
  const value = (await cookies()).get(SENT_TO_COOKIE)?.value;
  if (!value) return null;
  const parsed = emailSchema.safeParse(Buffer.from(value, "base64url").toString("utf8"));
  return parsed.success ? parsed.data : null;
}
