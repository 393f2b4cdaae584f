import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import axe from "axe-core";

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
/**
 * The WCAG rules of axe that read colours. The dark scheme changes colours and nothing else (every `dark:`
 * variant sets a colour: tests/unit/lint/dark-scheme.test.ts), so in it only these can find something new;
 * the light scan of the same page checks the rest.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
/** Given to AxeBuilder as its script once `injectAxe` has put axe in every frame: nothing to inject again. */
const ALREADY_INJECTED = ";";

/** axe in every frame of the page that lacks it: once per page load, not three times per scan. */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => "axe" in window))) await frame.evaluate(axe.source);
  }
}

/**
 * WCAG 2.1 A and AA, as axe checks them, on the page as it is now: no violation. In the dark scheme, the
 * rules that read colours. `label` names the page in the failure.
 */
export async function expectNoAxeViolations(page: Page, label = page.url()): Promise<void> {
  await injectAxe(page);
  const dark = await page.evaluate(() => window.matchMedia("(prefers-color-scheme: dark)").matches);
  // Legacy mode runs axe.run in the page. The default runs axe per frame and then merges the results in a new
  // blank page, which it opens for every scan; that is for cross-origin frames, and the portal has none.
  // Only the violations come back in full: axe lists every passing node too unless told not to.
  const builder = new AxeBuilder({ page, axeSource: ALREADY_INJECTED })
    .options({ resultTypes: ["violations"] })
    .withTags(WCAG_21_AA)
    .setLegacyMode();
  const results = await (dark ? builder.withRules(COLOUR_RULES) : builder).analyze();
  expect(
    results.violations.map((v) => `${label}: ${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/**
 * `url` in the light and then the dark scheme, with no axe violation at 1280 px once `ready` shows, again once
 * `showProblem` has shown an error or a dialog, and, after `leaveProblem`, at 360 px, where nothing may be wider.
 */
export async function expectAccessibleInBothSchemes(
  page: Page,
  url: string,
  ready: Locator,
  showProblem: () => Promise<void>,
  leaveProblem: () => Promise<void> = async () => undefined,
): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url);
    await expect(ready).toBeVisible();
    await expectNoAxeViolations(page);
    await showProblem();
    await expectNoAxeViolations(page);
    await leaveProblem();
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  }
}
