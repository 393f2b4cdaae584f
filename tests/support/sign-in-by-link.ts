import { randomUUID } from "node:crypto";
import type { Database } from "@/lib/core/db/client";
import { portalAdapter } from "@/lib/core/auth/adapter";
import { completeVerifiedSignIn } from "@/lib/core/auth/link-account";

/**
 * What following a sign-in link to `email` does, step by step as Auth.js's e-mail callback does it
 * with the portal's adapter (handle-login.js): the account holding the address (or a new one) is
 * marked verified, a database session is created (and its device recorded, from `userAgent`), then
 * the portal's `events.signIn` runs.
 */
export async function signInByLink(
  db: Database,
  email: string,
  userAgent: string | null = null,
): Promise<{ userId: string; sessionToken: string }> {
  const adapter = portalAdapter(db, async () => ({ userAgent, origin: "http://portal.test" }));
  const existing = await adapter.getUserByEmail!(email);
  const user = existing
    ? await adapter.updateUser!({ id: existing.id, emailVerified: new Date() })
    : await adapter.createUser!({ id: randomUUID(), email, emailVerified: new Date() });
  const sessionToken = randomUUID();
  await adapter.createSession!({
    sessionToken,
    userId: user.id,
    expires: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
  });
  await completeVerifiedSignIn(user.id, user.email);
  return { userId: user.id, sessionToken };
}
