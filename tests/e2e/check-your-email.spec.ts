import type { Page } from "@playwright/test";
import { createTranslator } from "next-intl";
import { LOCALE_COOKIE } from "../../lib/core/i18n/locales";
import en from "../../messages/en.json";
import nl from "../../messages/nl.json";
import de from "../../messages/de.json";
import { createPlatformDriver, expect, latestSignInLink, openMailboxWith, test } from "./fixtures";

/**
 * Issue 36, the smaller items: "Check your e-mail" names the address the sign-in link went to, so a typo shows, with
 * the way to use another address. The address comes from a cookie of the browser's own, never from the URL.
 */
const CATALOGUES = { en, nl, de } as const;
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

    // No mail after a while: the hint's "ask for a new link" is a link back to the form.
    const askAgain = /<again>(.+)<\/again>/.exec(CATALOGUES[locale].signIn.checkEmail.spam)?.[1] ?? "";
    await expect(page.getByRole("link", { name: askAgain })).toHaveAttribute("href", "/signin");

    // The way to another address: back to the sign-in form.
    await page.goto("/check-your-email");
    await expect(page.getByText(t("signIn.checkEmail.notYours"))).toBeVisible();
    await page.getByRole("link", { name: t("signIn.checkEmail.useAnother") }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByLabel(t("signIn.form.emailLabel"))).toBeVisible();
  });
}

for (const locale of ["en", "de"] as const) {
  test(`after the sign-up form, "Check your e-mail" names the address too, with the way back to sign-up (${locale})`, async ({
    page,
  }) => {
    const email = `sent-to.sign-up.${locale}.${Date.now()}@example.com`;
    const t = await inLanguage(page, locale);
    await page.goto("/signup");
    const fields: [string, string][] = [
      [t("profile.newDriver.email"), email],
      [t("profile.fields.firstName"), "Erin"],
      [t("profile.fields.lastName"), "Example"],
      [t("profile.fields.phone"), "+31 20 123 4567"],
      [t("profile.fields.address"), "Keizersgracht 1"],
      [t("profile.fields.city"), "Amsterdam"],
      [t("profile.fields.postCode"), "1015 CJ"],
    ];
    for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole("button", { name: t("profile.newDriver.createAccount") }).click();
    await expect(page.getByRole("heading", { level: 1, name: t("signIn.checkEmail.heading") })).toBeVisible();

    const sentence = t.markup("signIn.checkEmail.signUpSentTo", { email, hours: 24, address: (c) => c });
    await expect(page.getByRole("status").filter({ hasText: email })).toHaveText(sentence);
    expect(page.url()).not.toContain(email);
    expect(page.url()).not.toContain(encodeURIComponent(email));
    // The link really went there, in the request's language.
    const mail = await openMailboxWith(page, email, t("mail.finishSignUp.subject"));
    await expect(mail).toBeVisible();

    await page.goto("/check-your-email?for=sign-up");
    await page.getByRole("link", { name: t("signIn.checkEmail.useAnother") }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });
}
