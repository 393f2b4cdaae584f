import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { createPlatformDriver, decodeHtml, expect, inOneLimitWindow, openMailboxWith, test } from "./fixtures";
import { addressParts } from "../../components/ui/address-parts";

/**
 * Issue 11, Findings 3, 4 and 6: sign-in rules however a sign-in is started, a sign-in form that
 * does not tell whether an account exists, and a session endpoint that gives scripts no secrets.
 */

const PER_ADDRESS_LIMIT = 5; // LIMIT_SIGNIN_PER_EMAIL as shipped (playwright.config.ts keeps it)

function unknownEmail(tag: string) {
  return `e2e.${tag}.${randomUUID().slice(0, 8)}@example.com`;
}

async function mailboxCount(page: Page, email: string): Promise<number> {
  await page.goto("/dev/mailbox");
  return page.getByRole("row").filter({ hasText: email }).count();
}

test("Auth.js's own sign-in endpoint sends at most the limit's mails to one address, and nothing to an unknown one", async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  await inOneLimitWindow(async () => {
    const { email } = await createPlatformDriver(request, "authjs.endpoint");
    const unknown = unknownEmail("authjs.unknown");
    // A client of its own, as an attacker would post: Auth.js's CSRF cookie and token, then the form post.
    const attacker = await playwright.request.newContext({ baseURL });
    for (const address of [...Array<string>(7).fill(email), unknown]) {
      const { csrfToken } = (await (await attacker.get("/api/auth/csrf")).json()) as { csrfToken: string };
      const response = await attacker.post("/api/auth/signin/nodemailer", {
        form: { email: address, csrfToken, callbackUrl: `${baseURL}/account` },
        maxRedirects: 0,
      });
      expect(response.status(), "answered, not failed").toBeLessThan(500);
    }
    await attacker.dispose();

    expect(await mailboxCount(page, email)).toBeLessThanOrEqual(PER_ADDRESS_LIMIT);
    expect(await mailboxCount(page, unknown)).toBe(0);
  });
});

interface Hop {
  status: number;
  location: string | null;
  cookies: string[];
}

/** The sign-in form's fields as the page renders them for a browser without JavaScript (React's hidden action fields). */
async function signInFormFields(api: APIRequestContext): Promise<Record<string, string>> {
  const html = await (await api.get("/signin")).text();
  // The form with the e-mail field: the header's language switcher is a form too.
  const form =
    [...html.matchAll(/<form[^>]*>([\s\S]*?)<\/form>/g)].find(([, body]) => /name="email"/.test(body!))?.[1] ?? "";
  const fields: Record<string, string> = {};
  for (const [input] of form.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input)?.[1];
    if (name) fields[name] = decodeHtml(/value="([^"]*)"/.exec(input)?.[1] ?? "");
  }
  return fields;
}

/**
 * A no-JS submit of the sign-in form, each redirect followed by hand: the chain (status, target, names
 * of the cookies set) and the final page, with what differs per response anyway (the CSP nonce) blanked.
 */
async function submitWithoutJs(
  api: APIRequestContext,
  baseURL: string,
  email: string,
): Promise<{ hops: Hop[]; body: string }> {
  const fields = await signInFormFields(api);
  let response = await api.post("/signin", {
    multipart: { ...fields, email },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  const hops: Hop[] = [];
  for (;;) {
    const location = response.headers()["location"] ?? null;
    const cookies = response
      .headersArray()
      .filter((h) => h.name.toLowerCase() === "set-cookie")
      .map((h) => h.value.split("=")[0]!);
    hops.push({ status: response.status(), location, cookies });
    if (response.status() < 300 || response.status() >= 400 || !location) break;
    response = await api.get(location, { maxRedirects: 0 });
  }
  const html = await response.text();
  // The CSP nonce appears in attributes and, escaped, in the page's RSC payload: blank every occurrence. The page
  // names the address the visitor typed (issue 36): blank it too, so what is compared is all the page tells.
  const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
  return { hops, body: withoutAddress(nonce ? html.replaceAll(nonce, "<nonce>") : html, email) };
}

/**
 * The page with the typed address blanked. The page draws it in parts (a line may break after its "@" and before its
 * dots), so each part is blanked: both test addresses have the same parts but for their tag and random letters.
 */
function withoutAddress(page: string, email: string): string {
  const parts = addressParts(email).sort((a, b) => b.length - a.length);
  return parts.reduce((text, part) => text.replaceAll(part, "<part>"), page.replaceAll(email, "<address>"));
}

test("the sign-in form answers a known and an unknown address with the same redirects and the same page", async ({
  request,
  playwright,
  baseURL,
}) => {
  const { email: known } = await createPlatformDriver(request, "privacy.known");
  const unknown = unknownEmail("privacy.unknown");
  const answers = [];
  for (const email of [known, unknown]) {
    const api = await playwright.request.newContext({ baseURL });
    answers.push(await submitWithoutJs(api, baseURL!, email));
    await api.dispose();
  }
  const [forKnown, forUnknown] = answers as [
    Awaited<ReturnType<typeof submitWithoutJs>>,
    Awaited<ReturnType<typeof submitWithoutJs>>,
  ];
  expect(forKnown.hops.at(-1)?.status).toBe(200);
  expect(forKnown.hops.at(-2)?.location).toMatch(/^(https?:\/\/[^/]+)?\/check-your-email$/);
  expect(forUnknown.hops).toEqual(forKnown.hops);
  expect(forUnknown.body).toBe(forKnown.body);
});

test("with JavaScript too, both land on /check-your-email with the same page; the known one gets a link, the other a sign-up pointer", async ({
  browser,
  baseURL,
  request,
}) => {
  const { email: known } = await createPlatformDriver(request, "privacy.js.known");
  const unknown = unknownEmail("privacy.js.unknown");
  const seen = [];
  for (const email of [known, unknown]) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto("/signin");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    seen.push({ url: page.url(), main: withoutAddress(await page.getByRole("main").innerHTML(), email) });
    await context.close();
  }
  expect(seen[0]!.url).toBe(`${baseURL}/check-your-email`);
  expect(seen[1]).toEqual(seen[0]);

  const context = await browser.newContext({ baseURL });
  const mailbox = await context.newPage();
  await openMailboxWith(mailbox, known, "sign-in link");
  await openMailboxWith(mailbox, unknown, "Sign-in request for Driver Portal");
  await context.close();
});

test("/api/auth/session gives a signed-in page name, e-mail, role and expiry: no session token, no user id", async ({
  driverPage,
}) => {
  const sessionToken = (await driverPage.context().cookies()).find((c) => c.name === "authjs.session-token")?.value;
  expect(sessionToken, "signed in").toBeTruthy();
  const response = await driverPage.request.get("/api/auth/session");
  const text = await response.text();
  const body = JSON.parse(text) as { user: Record<string, unknown>; expires: string };
  expect(Object.keys(body).sort()).toEqual(["expires", "user"]);
  expect(Object.keys(body.user).sort()).toEqual(["email", "name", "role"]);
  expect(body.user).toMatchObject({ email: "driver@example.com", role: "driver" });
  expect(text).not.toContain(sessionToken!);
  expect(text).not.toMatch(/sessionToken|userId/);
});
