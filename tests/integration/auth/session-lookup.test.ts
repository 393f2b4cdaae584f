import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSessionViewer } from "@/lib/core/auth/session-lookup";
import { isSecureOrigin, SESSION_MAX_AGE_SECONDS, sessionTokenFrom } from "@/lib/core/auth/session-policy";
import type { OpenedDatabase } from "@/lib/core/db/connect";
import { sessions, users } from "@/lib/core/db/schema";
import { openTestDatabase, testDriver } from "../../support/test-db";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-21T10:00:00Z");

describe(`the viewer read from Auth.js's session table (${testDriver})`, () => {
  let opened: OpenedDatabase;
  beforeAll(async () => {
    opened = await openTestDatabase();
    await opened.db.insert(users).values([
      { id: "u-driver", email: "driver@example.com", name: "Dana", role: "driver", platformUserId: 1001 },
      { id: "u-staff", email: "support@example.com", role: "support", locale: "de" },
      { id: "u-no-mail", email: null },
    ]);
    await opened.db.insert(sessions).values([
      { sessionToken: "fresh", userId: "u-driver", expires: new Date(now.getTime() + 29.5 * DAY) },
      { sessionToken: "staff", userId: "u-staff", expires: new Date(now.getTime() + 29.9 * DAY) },
      { sessionToken: "due", userId: "u-driver", expires: new Date(now.getTime() + 20 * DAY) },
      { sessionToken: "expired", userId: "u-driver", expires: new Date(now.getTime() - 1000) },
      { sessionToken: "no-mail", userId: "u-no-mail", expires: new Date(now.getTime() + 10 * DAY) },
    ]);
  });
  afterAll(async () => {
    await opened?.close();
  });

  const expiresOf = async (token: string) =>
    (await opened.db.select().from(sessions).where(eq(sessions.sessionToken, token)))[0]?.expires.getTime();

  it("answers with the account's id, e-mail, name, role, platform user, language and how the session began", async () => {
    expect(await findSessionViewer(opened.db, "fresh", now)).toEqual({
      userId: "u-driver",
      email: "driver@example.com",
      name: "Dana",
      role: "driver",
      platformUserId: 1001,
      locale: null,
      signInMethod: "email",
      sessionOpenedAt: expect.any(Date),
    });
    await opened.db.update(sessions).set({ signInMethod: "passkey" }).where(eq(sessions.sessionToken, "staff"));
    expect(await findSessionViewer(opened.db, "staff", now)).toEqual({
      userId: "u-staff",
      email: "support@example.com",
      name: null,
      role: "support",
      platformUserId: null,
      locale: "de",
      signInMethod: "passkey",
      sessionOpenedAt: expect.any(Date),
    });
  });

  it("knows no one for an unknown, expired or signed-out token, or an account without an e-mail", async () => {
    expect(await findSessionViewer(opened.db, "nobody", now)).toBeNull();
    expect(await findSessionViewer(opened.db, "expired", now)).toBeNull();
    expect(await findSessionViewer(opened.db, "no-mail", now)).toBeNull();
    await opened.db.delete(sessions).where(eq(sessions.sessionToken, "staff"));
    expect(await findSessionViewer(opened.db, "staff", now)).toBeNull();
  });

  it("renews a session last renewed over a day ago for another 30 days, and leaves a fresh one alone", async () => {
    const freshBefore = await expiresOf("fresh");
    await findSessionViewer(opened.db, "fresh", now);
    expect(await expiresOf("fresh")).toBe(freshBefore);

    await findSessionViewer(opened.db, "due", now);
    expect(await expiresOf("due")).toBe(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  });

  it("reads only the cookie Auth.js uses for the origin: never a plain-named one over HTTPS", () => {
    const jar = (entries: Record<string, string>) => ({
      get: (name: string) => (name in entries ? { value: entries[name] as string } : undefined),
    });
    const both = jar({ "authjs.session-token": "plain", "__Secure-authjs.session-token": "secure" });
    expect(sessionTokenFrom(both, true)).toBe("secure");
    expect(sessionTokenFrom(both, false)).toBe("plain");
    // A planted plain cookie on an HTTPS portal is no session.
    expect(sessionTokenFrom(jar({ "authjs.session-token": "planted" }), true)).toBeNull();
    expect(sessionTokenFrom(jar({ "__Secure-authjs.session-token": "secure" }), false)).toBeNull();
    expect(sessionTokenFrom(jar({ "authjs.session-token": "" }), false)).toBeNull();
    expect(sessionTokenFrom(jar({ "next-auth.session-token": "old name" }), false)).toBeNull();
  });

  it("decides HTTPS as Auth.js does: AUTH_URL first, else the forwarded protocol, https when unknown", () => {
    expect(isSecureOrigin("https://portal.example", "http")).toBe(true);
    expect(isSecureOrigin("http://localhost:3000", "https")).toBe(false);
    expect(isSecureOrigin(undefined, "http")).toBe(false);
    expect(isSecureOrigin(undefined, "http:")).toBe(false);
    expect(isSecureOrigin(undefined, "https")).toBe(true);
    expect(isSecureOrigin(undefined, "https, http")).toBe(true);
    expect(isSecureOrigin(undefined, null)).toBe(true);
  });
});
