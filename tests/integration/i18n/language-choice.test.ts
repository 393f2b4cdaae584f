import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "@/lib/core/db/connect";
import { users } from "@/lib/core/db/schema";
import { installTestDatabase, removeTestDatabase } from "../../support/app-db";
import { formOf } from "../../support/action-form";

// The switcher's action: the choice goes into this browser's cookie and, for a signed-in account, onto
// the account, where another browser and the mails find it. Nothing else is kept for a bad choice.
const request = vi.hoisted(() => ({
  jar: new Map<string, { value: string; options?: Record<string, unknown> }>(),
  viewer: null as { userId: string; locale?: string | null } | null,
  /** What Next sets on every request: the protocol the portal was reached with. */
  proto: "http",
}));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "accept-language": "en-GB", "x-forwarded-proto": request.proto }),
  cookies: async () => ({
    get: (name: string) => (request.jar.has(name) ? { name, value: request.jar.get(name)!.value } : undefined),
    set: (name: string, value: string, options?: Record<string, unknown>) =>
      void request.jar.set(name, { value, options }),
  }),
}));
vi.mock("next/cache", () => ({ refresh: vi.fn() }));
vi.mock("@/lib/core/auth/viewer", () => ({ getViewer: async () => request.viewer }));

const { chooseLanguageAction } = await import("@/lib/features/language/actions/choose-language");
const { currentLocale } = await import("@/lib/core/auth/current-locale");

let opened: OpenedDatabase;
const ACCOUNT = "account-language-1";

async function storedLocale(): Promise<string | null> {
  const [row] = await opened.db.select({ locale: users.locale }).from(users).where(eq(users.id, ACCOUNT));
  return row?.locale ?? null;
}

describe("choosing the portal's language", () => {
  beforeAll(async () => {
    opened = await installTestDatabase();
    await opened.db.insert(users).values({ id: ACCOUNT, email: "language@example.com" });
  });
  afterAll(() => removeTestDatabase(opened));
  beforeEach(async () => {
    request.jar.clear();
    request.viewer = null;
    request.proto = "http";
    await opened.db.update(users).set({ locale: null }).where(eq(users.id, ACCOUNT));
  });

  it("signed out: keeps the choice in a year-long cookie for this browser only", async () => {
    await chooseLanguageAction(formOf({ locale: "nl" }));
    expect(request.jar.get("portal-locale")).toEqual({
      value: "nl",
      options: expect.objectContaining({ path: "/", maxAge: 365 * 24 * 60 * 60, httpOnly: true, sameSite: "lax" }),
    });
    expect(await storedLocale()).toBeNull();
  });

  it("over HTTPS the cookie is Secure (issue 22); a demo on http://localhost gets one it can keep", async () => {
    request.proto = "https";
    await chooseLanguageAction(formOf({ locale: "nl" }));
    expect(request.jar.get("portal-locale")?.options).toMatchObject({ secure: true });
    request.proto = "http";
    await chooseLanguageAction(formOf({ locale: "de" }));
    expect(request.jar.get("portal-locale")?.options).toMatchObject({ secure: false });
  });

  it("signed in: keeps it on the account too, so another browser (no cookie) follows it", async () => {
    request.viewer = { userId: ACCOUNT };
    await chooseLanguageAction(formOf({ locale: "de" }));
    expect(request.jar.get("portal-locale")?.value).toBe("de");
    expect(await storedLocale()).toBe("de");

    request.jar.clear();
    request.viewer = { userId: ACCOUNT, locale: await storedLocale() };
    expect(await currentLocale()).toBe("de");
  });

  it("refuses a language the portal does not speak, and keeps nothing", async () => {
    request.viewer = { userId: ACCOUNT };
    for (const locale of ["fr", "", "de-DE", "<script>"]) await chooseLanguageAction(formOf({ locale }));
    expect(request.jar.size).toBe(0);
    expect(await storedLocale()).toBeNull();
  });
});
