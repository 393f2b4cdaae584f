import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/core/db/client";
import { sessions } from "@/lib/core/db/schema";
import { portalAdapter, type SignInRequest } from "./adapter";
import { SESSION_MAX_AGE_SECONDS, sessionCookieName } from "./session-policy";

export interface OpenedSession {
  sessionToken: string;
  expires: Date;
}

/** A database session as Auth.js makes them (device recorded), for a sign-in the portal checked itself. */
export async function openSession(
  db: Database,
  userId: string,
  signInRequest: () => Promise<SignInRequest>,
  { method, now = new Date() }: { method: "email" | "passkey"; now?: Date },
): Promise<OpenedSession> {
  const session = {
    sessionToken: randomUUID(),
    userId,
    expires: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000),
  };
  await portalAdapter(db, signInRequest).createSession!(session);
  if (method === "passkey")
    await db.update(sessions).set({ signInMethod: "passkey" }).where(eq(sessions.sessionToken, session.sessionToken));
  return session;
}

/** Auth.js's own session cookie, so its sign-out and the viewer lookup treat the session like any other. */
export function sessionCookie(session: OpenedSession, secure: boolean) {
  return {
    name: sessionCookieName(secure),
    value: session.sessionToken,
    options: { path: "/", httpOnly: true, sameSite: "lax" as const, expires: session.expires, secure },
  };
}
