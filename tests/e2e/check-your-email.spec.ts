import type { Page } from "@playwright/test";
import { createTranslator } from "next-intl";
import { LOCALE_COOKIE } from "../../lib/core/i18n/locales";
import en from "../../messages/en.json";
import nl from "../../messages/nl.json";
import { createPlatformDriver, expect, latestSignInLink, test } from "./fixtures";

/**
 * Issue 36, the smaller items: "Check your e-mail" names the address the sign-in link went to, so a typo shows, with
 * the way to use another address. The address comes from a cookie of the browser's own, never from the URL.
 */
const CATALOGUES = { en, nl } as const;
/** SIGNIN_LINK_MAX_AGE_MINUTES as shipped (lib/core/config.ts; playwright.config.ts leaves it). */
const LINK_MINUTES = 30;

async function inLanguage(page: Page, locale: keyof typeof CATALOGUES) {
  const url = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, url }]);
  return createTranslator({ locale, messages: CATALOGUES[locale] });
}

for (const locale of ["en", "nl"] as const) {
  test(`"Check your e-mail" names the address the link went to, with the way to another (${locale})`, async ({
    page,
    request,
  }) => {
    const { email } = await createPlatformDriver(request, `sent-to.${locale}`);
    const t = await inLanguage(page, locale);
    await page.goto("/signin");
    await page.getByLabel(t("signIn.form.emailLabel")).fill(email);
    await page.getByRole("button", { name: t("signIn.form.submit") }).click();
    await expect(page.getByRole("heading", { level: 1, name: t("signIn.checkEmail.heading") })).toBeVisible();

    // The sentence names the address typed, as the visitor typed it; the address stays out of the URL.
    const sentence = t.markup("signIn.checkEmail.sentTo", { email, minutes: LINK_MINUTES, address: (c) => c });
    const status = page.getByRole("status").filter({ hasText: email });
    await expect(status).toHaveText(sentence);
    await expect(status.getByText(email, { exact: true })).toBeInViewport();
    expect(page.url()).not.toContain(encodeURIComponent(email));
    expect(page.url()).not.toContain(email);

    // The link really went there (the mail in the request's language: the address has no portal account yet).
    expect(await latestSignInLink(page, email, t("mail.signInLink.subject"))).toContain("/api/auth/callback/");

    // The way to another address: back to the sign-in form.
    await page.goto("/check-your-email");
    await expect(page.getByText(t("signIn.checkEmail.notYours"))).toBeVisible();
    await page.getByRole("link", { name: t("signIn.checkEmail.useAnother") }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByLabel(t("signIn.form.emailLabel"))).toBeVisible();
  });
}
