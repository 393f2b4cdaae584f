import "server-only";
import NextAuth from "next-auth";
import Nodemailer from "next-auth/providers/nodemailer";
import { DrizzleAdapter } from "@auth/drizzle-adapter";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { accounts, sessions, users, verificationTokens } from "@/lib/db/schema";
import { sendMail } from "@/lib/mail/send";
import { signInLinkMail } from "@/lib/mail/templates";
import { getAuthSecret } from "./secret";
import { linkPortalAccount } from "./link-account";
import type { Role } from "./roles";
import { SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "./session-policy";

declare module "next-auth" {
  interface Session {
    user: { id: string; email: string; name?: string | null; role: Role; platformUserId: number | null };
  }
}

/**
 * Auth.js with e-mail link sign-in and database sessions. Initialised lazily per request so that
 * the database and the secret are only touched at run time, never during `next build`.
 */
export const { handlers, auth, signIn, signOut } = NextAuth(async () => {
  const config = getConfig();
  const db = await getDb();
  return {
    secret: await getAuthSecret(),
    // Safe: in production the config refuses to load without AUTH_URL (which Auth.js then uses for
    // every link) or an explicit AUTH_TRUST_HOST behind a proxy that sets the host headers.
    trustHost: true,
    adapter: DrizzleAdapter(db, {
      usersTable: users,
      accountsTable: accounts,
      sessionsTable: sessions,
      verificationTokensTable: verificationTokens,
    }),
    // The viewer lookup (session-lookup.ts) applies the same ages when it reads a session.
    session: { strategy: "database", maxAge: SESSION_MAX_AGE_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
    pages: { signIn: "/signin", verifyRequest: "/check-your-email", error: "/signin" },
    providers: [
      Nodemailer({
        // The transport lives in lib/mail (SMTP or outbox); Auth.js only needs a non-empty value here.
        server: config.mail.smtpUrl ?? "outbox://local",
        from: config.mail.from,
        maxAge: config.auth.signInLinkMaxAgeSeconds,
        async sendVerificationRequest({ identifier, url }) {
          await sendMail(signInLinkMail(identifier, url, Math.round(config.auth.signInLinkMaxAgeSeconds / 60)));
        },
      }),
    ],
    callbacks: {
      session({ session, user }) {
        const row = user as typeof user & { role?: Role; platformUserId?: number | null };
        session.user = {
          ...session.user,
          id: user.id,
          email: user.email,
          name: user.name ?? null,
          role: row.role ?? "driver",
          platformUserId: row.platformUserId ?? null,
        };
        return session;
      },
    },
    events: {
      // Runs after the link is verified: grant bootstrap admin and link the platform user by e-mail.
      async signIn({ user }) {
        if (user.id && user.email) await linkPortalAccount(user.id, user.email);
      },
    },
  };
});
