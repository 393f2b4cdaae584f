import { expect, test } from "./fixtures";
import { DEMO_DRIVER_ID } from "./platform-sessions";

/**
 * Issue 36, problem 10: support finds a driver by part of a name or an e-mail address (the portal's own accounts
 * first), and reads the audit log as sentences naming the driver, linked to the driver's page.
 */
const LANGUAGES = [
  {
    locale: "en",
    by: "Name or e-mail address",
    byLabel: "Search by",
    searchFor: "Search for",
    search: "Search",
    results: "Drivers found",
    audit: "Audit log entries, newest first",
    sentence: "Downloaded the expense pack of Demi Driver",
    labels: ["From", "Sessions"],
  },
  {
    locale: "de",
    by: "Name oder E-Mail-Adresse",
    byLabel: "Suchen nach",
    searchFor: "Suchbegriff",
    search: "Suchen",
    results: "Gefundene Fahrer",
    audit: "Einträge im Prüfprotokoll, neueste zuerst",
    sentence: "Spesenpaket von Demi Driver heruntergeladen",
    labels: ["Von", "Ladevorgänge"],
  },
] as const;

for (const words of LANGUAGES) {
  test(`${words.locale}: support finds a driver by part of a name or an address, and reads the audit log in sentences`, async ({
    driverPage,
    supportPage: page,
    baseURL,
  }) => {
    // The driver has a portal account (signed in once), which the search looks in first.
    await driverPage.goto("/account");
    await page.context().addCookies([{ name: "portal-locale", value: words.locale, url: baseURL! }]);

    for (const part of ["demi", "DRIVER@EXA", "Demi Dr"]) {
      await page.goto("/admin/users");
      await page.getByLabel(words.byLabel, { exact: true }).selectOption({ label: words.by });
      await page.getByRole("textbox", { name: words.searchFor }).fill(part);
      await page.getByRole("button", { name: words.search, exact: true }).click();
      const results = page.getByRole("table", { name: words.results });
      const link = results.getByRole("link", { name: "Demi Driver" });
      await expect(link, `"${part}" finds Demi Driver`).toBeVisible();
      await expect(link).toHaveAttribute("href", `/admin/users/${DEMO_DRIVER_ID}`);
    }

    // An audited staff download, then its entry: a sentence with the driver's name, linked; labelled details.
    const pack = await page.request.get(`/api/admin/users/${DEMO_DRIVER_ID}/expense-pack?period=last-month`);
    expect([200, 404]).toContain(pack.status());
    await page.goto(`/admin/audit?driver=${DEMO_DRIVER_ID}&action=driver.expense-pack.download`);
    const table = page.getByRole("table", { name: words.audit });
    const row = table.getByRole("row").filter({ hasText: words.sentence }).first();
    await expect(row).toBeVisible();
    await expect(row.getByRole("link", { name: "Demi Driver" })).toHaveAttribute(
      "href",
      `/admin/users/${DEMO_DRIVER_ID}`,
    );
    const text = (await table.textContent()) ?? "";
    // No raw JSON, no internal field names as labels.
    expect(text).not.toMatch(/[{}]|"\w+":/);
    if (pack.status() === 200) for (const label of words.labels) await expect(row).toContainText(label);
  });
}
