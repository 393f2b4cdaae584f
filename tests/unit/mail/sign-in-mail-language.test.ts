import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Locale } from "@/lib/core/i18n/locales";

/**
 * The sign-in link mail goes in the language the account chose (users.locale); an account that
 * chose none (or no account at all) gets the language of the request that asked for the link.
 * The database and the request's language are faked: only the account's stored locale is read.
 */
const holder = vi.hoisted(() => ({
  /** users.locale of the address's account; undefined: no account under the address. */
  stored: null as string | null | undefined,
  requestLocale: "en" as Locale,
  lookups: 0,
}));
vi.mock("@/lib/core/db/client", () => ({
  getDb: async () => ({
    select: () => ({
      from: () => ({
        where: async () => {
          holder.lookups += 1;
          return holder.stored === undefined ? [] : [{ locale: holder.stored }];
        },
      }),
    }),
  }),
}));
vi.mock("@/lib/core/auth/current-locale", () => ({ currentLocale: async () => holder.requestLocale }));

const { signInLinkMailTo } = await import("@/lib/core/auth/sign-in-link-mail");

const URL_ = "http://portal.test/api/auth/callback/nodemailer?token=abc";
const mailTo = (fallback?: Locale) => signInLinkMailTo("anna@example.com", URL_, 15, { fallback });

beforeEach(() => {
  holder.stored = null;
  holder.requestLocale = "en";
  holder.lookups = 0;
});

describe("the sign-in link mail's language", () => {
  it("is German for an account that chose German, whatever the request's language", async () => {
    holder.stored = "de";
    holder.requestLocale = "nl";
    const mail = await mailTo();
    expect(mail.subject).toBe("Ihr Anmeldelink für Driver Portal");
    expect(mail.text).toContain("Öffnen Sie diesen Link, um sich bei Driver Portal anzumelden:");
    expect(mail.text).toContain("läuft in 15 Minuten ab");
    expect(mail.text).toContain(URL_);
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain("Bei Driver Portal anmelden");
    expect(holder.lookups).toBe(1);
  });

  it("is Dutch for an account that chose Dutch, even when the request asked in English", async () => {
    holder.stored = "nl";
    const mail = await mailTo("en");
    expect(mail.subject).toBe("Je inloglink voor Driver Portal");
    expect(mail.text).toContain("Log in bij Driver Portal door deze link te openen:");
    expect(mail.text).toContain("verloopt over 15 minuten");
    expect(mail.html).toContain("Inloggen bij Driver Portal");
  });

  it("follows the request's language when the account chose none", async () => {
    holder.requestLocale = "de";
    expect((await mailTo()).subject).toBe("Ihr Anmeldelink für Driver Portal");
    holder.requestLocale = "nl";
    expect((await mailTo()).subject).toBe("Je inloglink voor Driver Portal");
    // The language read while the request was still open wins over a later read.
    expect((await mailTo("de")).subject).toBe("Ihr Anmeldelink für Driver Portal");
  });

  it("stays exactly the English mail for English", async () => {
    holder.stored = "en";
    const mail = await mailTo("de");
    expect(mail.subject).toBe("Your Driver Portal sign-in link");
    expect(mail.text).toBe(
      `Sign in to Driver Portal by opening this link:\n\n${URL_}\n\nThe link works once and expires in 15 minutes. If you did not ask for it, ignore this mail.`,
    );
  });

  it("follows the request's language when there is no account under the address", async () => {
    holder.stored = undefined;
    holder.requestLocale = "de";
    expect((await mailTo()).subject).toBe("Ihr Anmeldelink für Driver Portal");
  });

  it("ignores a stored value that is no portal language", async () => {
    holder.stored = "fr";
    holder.requestLocale = "nl";
    expect((await mailTo()).subject).toBe("Je inloglink voor Driver Portal");
  });
});
