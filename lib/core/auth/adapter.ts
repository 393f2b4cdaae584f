import "server-only";
import type { Adapter } from "@auth/core/adapters";
import { DrizzleAdapter } from "@auth/drizzle-adapter";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/core/db/client";
import { accounts, sessions, users, verificationTokens } from "@/lib/core/db/schema";
import { logger } from "@/lib/core/log";
import { mailLocaleOfAccount } from "@/lib/core/auth/mail-locale";
import { sendMail } from "@/lib/core/mail/send";
import { newDeviceMail } from "./mails";
import { deviceNameFrom } from "./device-name";
import { recordSignInDevice } from "./devices";
import { announceSessionsEnded } from "./sessions-ended";

/** What the adapter needs from the request that signs in: its user agent and the portal's origin. */
export interface SignInRequest {
  userAgent: string | null;
  origin: string;
}

/**
 * Auth.js's Drizzle adapter on the portal's tables, which also records the device of every session
 * it creates (lib/core/auth/devices.ts) and mails the driver when a new browser signs in.
 */
export function portalAdapter(db: Database, signInRequest: () => Promise<SignInRequest>): Adapter {
  const adapter = DrizzleAdapter(db, {
    usersTable: users,
    accountsTable: accounts,
    sessionsTable: sessions,
    verificationTokensTable: verificationTokens,
  });
  const createSession = adapter.createSession!;
  return {
    ...adapter,
    // Sign-out: the session's open event streams end at once, on every instance.
    async deleteSession(sessionToken) {
      const [ended] = await db
        .delete(sessions)
        .where(eq(sessions.sessionToken, sessionToken))
        .returning({ userId: sessions.userId });
      if (ended) await announceSessionsEnded(db, ended.userId);
    },
    async createSession(session) {
      const created = await createSession(session);
      // The device list and the notice must never stop the sign-in itself: a failure is logged, and
      // the session works (and "Sign out on all devices" ends it) without a row in the list.
      try {
        const request = await signInRequest();
        const device = deviceNameFrom(request.userAgent);
        const now = new Date();
        const { notify } = await recordSignInDevice(db, created, device, now);
        const account = notify ? await adapter.getUser!(created.userId) : null;
        if (account?.email) {
          const locale = await mailLocaleOfAccount(account.id, { db });
          await sendMail(newDeviceMail(locale, account.email, device, now, `${request.origin}/account/security`));
        }
      } catch (error) {
        logger("auth").error("recording the signed-in device failed", error);
      }
      return created;
    },
  };
}
