import "server-only";
import { Auth, raw, skipCSRFCheck } from "@auth/core";
import NextAuth, { type NextAuthConfig } from "next-auth";
import Nodemailer from "next-auth/providers/nodemailer";
import { headers } from "next/headers";
import { getConfig } from "@/lib/core/config";
import { getDb } from "@/lib/core/db/client";
import type { Locale } from "@/lib/core/i18n/locales";
import { sendMail } from "@/lib/core/mail/send";
import { portalAdapter } from "./adapter";
import { getAuthSecret } from "./secret";
import { completeVerifiedSignIn } from "./link-account";
import type { Role } from "./roles";
import { SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "./session-policy";
import { decideSignIn, LINK_SENT_PATH } from "./sign-in-gate";
import { signInLinkMailTo } from "./sign-in-link-mail";
import { siteOrigin } from "./site-origin";

declare module "next-auth" {
  /**
   * What `/api/auth/session` gives any script on the page: no session token, no account ids.
   * Server code reads the viewer from the session table instead (viewer.ts).
   */
  interface Session {
    user: { name: string | null; email: string; role: Role };
  }
}

const AUTH_BASE_PATH = "/api/auth";

interface PortalAuthOptions {
  /** An address whose sign-in mail the portal's form has already counted and checked (see decideSignIn). */
  admittedEmail?: string;
  /** The language of the request that asked for the link, for an account that chose none (else currentLocale()). */
  locale?: Locale;
}

/**
 * Auth.js with e-mail link sign-in and database sessions. Initialised lazily per request so that
 * the database and the secret are only touched at run time, never during `next build`.
 */
export const { handlers, auth, signIn, signOut } = NextAuth(() => portalAuthConfig());

async function portalAuthConfig({ admittedEmail, locale }: PortalAuthOptions = {}): Promise<NextAuthConfig> {
  const config = getConfig();
  const db = await getDb();
  return {
    basePath: AUTH_BASE_PATH,
    secret: await getAuthSecret(),
    // Safe: every link Auth.js issues starts at the configured origin (issueSignInLink), and production
    // refuses to start without AUTH_URL, also with AUTH_TRUST_HOST.
    trustHost: true,
    // Sessions are created by the e-mail callback, a request of the browser that signs in.
    adapter: portalAdapter(db, async () => ({
      userAgent: (await headers()).get("user-agent"),
      origin: await siteOrigin(),
    })),
    // The viewer lookup (session-lookup.ts) applies the same ages when it reads a session.
    session: { strategy: "database", maxAge: SESSION_MAX_AGE_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
    pages: { signIn: "/signin", verifyRequest: "/check-your-email", error: "/signin" },
    providers: [
      Nodemailer({
        // The transport lives in lib/core/mail (SMTP or outbox); Auth.js only needs a non-empty value here.
        server: config.mail.smtpUrl ?? "outbox://local",
        from: config.mail.from,
        maxAge: config.auth.signInLinkMaxAgeSeconds,
        // In the account's language, else the language of the request that asked for the link.
        async sendVerificationRequest({ identifier, url }) {
          const minutes = Math.round(config.auth.signInLinkMaxAgeSeconds / 60);
          await sendMail(await signInLinkMailTo(identifier, url, minutes, { fallback: locale, db }));
        },
      }),
    ],
    callbacks: {
      signIn: ({ user, email }) =>
        decideSignIn({ email: user.email, verificationRequest: email?.verificationRequest === true, admittedEmail }),
      // Auth.js hands in the whole session row (token, user id): answer with a new object, never a spread of it.
      session({ session, user }) {
        const row = user as typeof user & { role?: Role };
        return {
          user: { name: user.name ?? null, email: user.email, role: row.role ?? "driver" },
          expires: session.expires,
        };
      },
    },
    events: {
      // Runs after the link is verified: redeem a staff invite or bootstrap admin, link the platform user.
      async signIn({ user }) {
        if (user.id && user.email) await completeVerifiedSignIn(user.id, user.email);
      },
    },
  };
}

/** Mails a sign-in link for a checked address. Sets no cookie (unlike `signIn()`), so it can run in `after()`. */
export async function issueSignInLink(
  email: string,
  redirectTo: string,
  origin: string,
  locale?: Locale,
): Promise<void> {
  const request = new Request(`${origin}${AUTH_BASE_PATH}/signin/nodemailer`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, callbackUrl: redirectTo }),
  });
  const result = await Auth(request, {
    ...(await portalAuthConfig({ admittedEmail: email, locale })),
    raw,
    skipCSRFCheck,
  });
  if (!result.redirect?.startsWith(`${origin}${LINK_SENT_PATH}`))
    throw new Error("Auth.js did not issue the sign-in link");
}
