import { beforeEach, describe, expect, it, vi } from "vitest";

// The order a request's language is chosen in: the switcher's cookie, the account's stored choice,
// Accept-Language, English; and English outside a request.
const request = vi.hoisted(() => ({
  cookie: undefined as string | undefined,
  acceptLanguage: null as string | null,
  accountLocale: null as string | null,
  outside: false,
}));

vi.mock("next/headers", () => ({
  cookies: async () => {
    if (request.outside) throw new Error("`cookies` was called outside a request scope.");
    return {
      get: (name: string) => (name === "portal-locale" && request.cookie ? { value: request.cookie } : undefined),
    };
  },
  headers: async () => new Headers(request.acceptLanguage ? { "accept-language": request.acceptLanguage } : {}),
}));
vi.mock("@/lib/core/auth/viewer", () => ({
  getViewer: async () => (request.accountLocale === undefined ? null : { locale: request.accountLocale }),
}));

const { currentLocale } = await import("@/lib/core/auth/current-locale");
const { requestTranslator } = await import("@/lib/core/auth/request-translator");

describe("currentLocale", () => {
  beforeEach(() =>
    Object.assign(request, { cookie: undefined, acceptLanguage: null, accountLocale: null, outside: false }),
  );

  it("takes the switcher's cookie first, over the account and the browser", async () => {
    Object.assign(request, { cookie: "nl", accountLocale: "de", acceptLanguage: "de-DE" });
    expect(await currentLocale()).toBe("nl");
  });

  it("takes the account's stored choice when this browser made none", async () => {
    Object.assign(request, { accountLocale: "de", acceptLanguage: "nl-NL,nl;q=0.9" });
    expect(await currentLocale()).toBe("de");
  });

  it("follows Accept-Language next, by preference, to a language the portal speaks", async () => {
    Object.assign(request, { acceptLanguage: "fr-FR,fr;q=0.9,de-AT;q=0.8,nl;q=0.7" });
    expect(await currentLocale()).toBe("de");
  });

  it("ignores a cookie or stored value it does not speak, and falls back to English", async () => {
    Object.assign(request, { cookie: "fr", accountLocale: "xx", acceptLanguage: "fr-FR" });
    expect(await currentLocale()).toBe("en");
  });

  it("is English outside a request", async () => {
    request.outside = true;
    expect(await currentLocale()).toBe("en");
  });

  it("gives the request's words to server code", async () => {
    request.cookie = "de";
    const t = await requestTranslator();
    expect(t("access.signInToContinue")).toBe("Melden Sie sich an, um fortzufahren.");
  });
});
