import { randomUUID } from "node:crypto";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type APIRequestContext,
  type TestInfo,
} from "@playwright/test";

/** The platform dialect the portal under test speaks: the Playwright project's `metadata.dialect`. */
export type Dialect = "contract" | "ampeco";

export function dialectOf(info: TestInfo = base.info()): Dialect {
  const dialect: unknown = info.project.metadata?.dialect;
  if (dialect !== "contract" && dialect !== "ampeco")
    throw new Error(`project ${info.project.name} names no platform dialect in metadata.dialect`);
  return dialect;
}

// 1×1 transparent PNG: every map tile answers with it.
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/**
 * Map tiles answer a 1×1 PNG: MAP_TILE_URL points at the portal's own `/__blocked_tiles__/` (playwright.config.ts).
 * Requests off the machine fail in the browser itself (its proxy flags in playwright.config.ts), so no test's
 * request is stopped and judged on its way, as a route for every request did.
 */
export async function isolateNetwork(context: BrowserContext): Promise<void> {
  await context.route("**/__blocked_tiles__/**", (route) =>
    route.fulfill({ status: 200, contentType: "image/png", body: PIXEL }),
  );
}

/** The in-process platform emulator's control API (demo mode), for setup and assertions. */
export class EmulatorControl {
  constructor(private readonly request: APIRequestContext) {}

  async call<T = unknown>(method: "GET" | "POST" | "PUT" | "DELETE", path: string, data?: unknown): Promise<T> {
    const response = await this.request.fetch(`/api/emulator/__emulator${path}`, { method, data });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  state() {
    return this.call<EmulatorState>("GET", "/state");
  }
  /** One platform user as the emulator stores it; fails the test when there is none. */
  async user(id: number): Promise<Record<string, unknown>> {
    const user = (await this.state()).users.find((u) => u.id === id);
    expect(user, `user ${id} in the emulator`).toBeTruthy();
    return user as Record<string, unknown>;
  }
  outbox() {
    return this.call<{ data: { to: string; subject: string; kind?: string; userId?: number }[] }>("GET", "/outbox");
  }
  createVoucher(voucher: { code: string; amount: number; currency?: string; status?: string }) {
    return this.call("POST", "/vouchers", voucher);
  }
  setFaults(faults: unknown) {
    return this.call("PUT", "/faults", faults);
  }
  clearFaults() {
    return this.call("DELETE", "/faults");
  }
}

/** One platform call as the emulator logged it: no body values, only the top-level body keys. */
export interface RequestLogEntry {
  method: string;
  path: string;
  query: string;
  status: number;
  at: string;
  bodyKeys?: string[];
}

export interface EmulatorState {
  users: { id: number; email: string; firstName?: string; balance?: number; currency?: string | null }[];
  tokens: { id: number; userId: number; code: string; status: string; visualNumber?: string }[];
  vouchers: { code: string; status: string }[];
  redemptions: unknown[];
  requestLog: RequestLogEntry[];
}

/** `text` matched literally inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The demo mailbox, opened once it lists a mail to `email` with `subject`: the sign-in form mails after
 * it has answered (Next's after()), so the mail may land a moment after "Check your e-mail" shows.
 * Returns the newest such row.
 */
export async function openMailboxWith(page: Page, email: string, subject: string): Promise<Locator> {
  const row = page.getByRole("row").filter({ hasText: email }).filter({ hasText: subject }).first();
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return row;
}

/** Sign-in links this worker has handed out: each works once. */
const handedOutSignInLinks = new Set<string>();

const HTML_ENTITIES: Record<string, string> = {
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
  "&lt;": "<",
  "&gt;": ">",
  "&amp;": "&",
};
/** Text or an attribute value as React escapes it in server HTML, read back. */
export const decodeHtml = (text: string) => text.replace(/&[#\w]+;/g, (entity) => HTML_ENTITIES[entity] ?? entity);

/** A row of the demo mailbox: to whom, the subject, and the address of the mail's own page. */
interface MailboxRow {
  to: string;
  subject: string;
  href: string;
}

/**
 * The demo mailbox's rows, newest first, read over HTTP with the page's cookies: the HTML a browser would get,
 * without rendering it. The mailbox page itself is rendered and checked by a11y.spec.ts and openMailboxWith.
 */
async function mailboxRows(page: Page): Promise<MailboxRow[]> {
  const html = await (await page.request.get("/dev/mailbox")).text();
  const rows = html.matchAll(/<tr[^>]*><td[^>]*>([^<]*)<\/td><td[^>]*><a[^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>/g);
  return [...rows].map(([, to, href, subject]) => ({
    to: decodeHtml(to!),
    href: decodeHtml(href!),
    subject: decodeHtml(subject!),
  }));
}

/**
 * Reads the newest demo-mailbox message to `email` and returns the sign-in link in it. The form mails
 * after it has answered, so right after a second sign-in the newest message may still be the first
 * one, whose link is used up: wait for a link this worker has not handed out before.
 */
export async function latestSignInLink(page: Page, email: string, subject = "sign-in link"): Promise<string> {
  let href = "";
  await expect(async () => {
    const mail = (await mailboxRows(page)).find(
      (row) => row.to.toLowerCase().includes(email.toLowerCase()) && row.subject.includes(subject),
    );
    expect(mail, `a mail to ${email} about "${subject}"`).toBeDefined();
    const html = await (await page.request.get(mail!.href)).text();
    href = decodeHtml(/href="([^"]*\/api\/auth\/callback\/[^"]*)"/.exec(html)?.[1] ?? "");
    expect(href, "the mail's sign-in link").not.toBe("");
    expect(handedOutSignInLinks.has(href), "a sign-in link not opened before").toBe(false);
  }).toPass({ timeout: 15_000 });
  handedOutSignInLinks.add(href);
  return href;
}

/** The link of the newest "finish your sign-up" mail to `email` (the sign-up form mails after answering). */
export async function finishSignUpLink(page: Page, email: string): Promise<string> {
  const row = await openMailboxWith(page, email, "Finish creating your Driver Portal account");
  await row.getByRole("link").click();
  return (await page.getByRole("link", { name: /\/signup\/finish\?token=/ }).getAttribute("href")) ?? "";
}

/** Staff change the e-mail of the driver whose admin page is open, and see it done. */
export async function changeEmailOnDriverPage(page: Page, email: string): Promise<void> {
  await page.getByLabel("New e-mail address").fill(email);
  await page.getByRole("button", { name: "Change e-mail", exact: true }).click();
  await page.getByRole("button", { name: "Yes, change e-mail" }).click();
  await expect(page.getByRole("status").filter({ hasText: `now ${email}` })).toBeVisible();
}

/** The in-process emulator's platform API, as a second client would use it (support, the app). */
export const PLATFORM_API = "/api/emulator/public-api/resources";
export const PLATFORM_AUTH = { Authorization: "Bearer demo-key", Accept: "application/json" };

const NOTIFICATIONS = "/api/emulator/public-api/notifications/v2.0";

/**
 * Subscribes the emulator's callbacks of `kinds` to this portal and waits until /api/health says callbacks arrive
 * (the pages take the stream only then; the seeded running session is reported every 5 s). Returns the id to unsubscribe.
 */
export async function subscribePortalCallbacks(
  request: APIRequestContext,
  baseURL: string | undefined,
  kinds: readonly string[],
): Promise<number> {
  const subscribed = await request.post(NOTIFICATIONS, {
    headers: PLATFORM_AUTH,
    data: {
      via: "webhook",
      notifications: kinds,
      webhook: { callbackUrl: new URL("/api/platform/callbacks", baseURL).href },
    },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
  const { id } = ((await subscribed.json()) as { data: { id: number } }).data;
  await expect
    .poll(async () => ((await (await request.get("/api/health")).json()) as { events?: { recent: boolean } }).events, {
      timeout: 20_000,
    })
    .toEqual({ recent: true });
  return id;
}

/** As `subscribePortalCallbacks` where the dialect pushes (ampeco): the id, or null where nothing was subscribed. */
export async function subscribeWherePushed(
  request: APIRequestContext,
  baseURL: string | undefined,
  kinds: readonly string[],
): Promise<number | null> {
  return dialectOf() === "ampeco" ? subscribePortalCallbacks(request, baseURL, kinds) : null;
}

export async function unsubscribePortalCallbacks(request: APIRequestContext, id: number): Promise<void> {
  await request.delete(`${NOTIFICATIONS}/${id}`, { headers: PLATFORM_AUTH });
}

export interface FreshDriver {
  id: number;
  email: string;
}

/**
 * A platform user of its own for one test, created through the platform API as the app or support
 * would, and unknown to the portal until it signs in. Tests that change or count things use one, so
 * the seed's drivers and their per-address limits stay out of play (also under --repeat-each).
 * `profile` adds or overrides platform user fields (snake_case, as the API takes them). The body is
 * the dialect's own: the contract's `userGroupId`, the real platform's `userGroupIds`.
 */
export async function createPlatformDriver(
  request: APIRequestContext,
  tag: string,
  profile: Record<string, string> = {},
): Promise<FreshDriver> {
  const email = `e2e.${tag}.${randomUUID().slice(0, 8)}@example.com`;
  const group = dialectOf() === "ampeco" ? { userGroupIds: [257] } : { userGroupId: 257 };
  const response = await request.post(`${PLATFORM_API}/users/v1.1`, {
    headers: PLATFORM_AUTH,
    data: {
      email,
      password: "app-secret-1",
      first_name: "Fresh",
      last_name: "Driver",
      country: "NL",
      partnerId: 1116,
      ...group,
      ...profile,
    },
  });
  expect(response.status(), `creating ${email}`).toBe(201);
  return { id: Number((await response.json()).data.id), email };
}

export interface PlatformCard {
  id: number;
  code: string;
  visualNumber: string;
}

/**
 * A card linked on the platform directly (as support or the app would), in the dialect's own words:
 * a contract token {userId, code, visualNumber, status active|blocked}, or a real id tag {idTagUid,
 * idLabel, status enabled|disabled, type rfid, userId}.
 */
export async function createPlatformCard(
  request: APIRequestContext,
  card: { userId: number; code: string; visualNumber: string; status: "active" | "blocked" },
): Promise<PlatformCard> {
  const response =
    dialectOf() === "ampeco"
      ? await request.post(`${PLATFORM_API}/id-tags/v2.0`, {
          headers: PLATFORM_AUTH,
          data: {
            idTagUid: card.code,
            idLabel: card.visualNumber,
            status: card.status === "active" ? "enabled" : "disabled",
            type: "rfid",
            userId: card.userId,
          },
        })
      : await request.post(`${PLATFORM_API}/tokens/v1.0`, { headers: PLATFORM_AUTH, data: card });
  expect(response.status(), `linking card ${card.code}`).toBe(201);
  return { id: Number((await response.json()).data.id), code: card.code, visualNumber: card.visualNumber };
}

/** The path of one card on the platform in the dialect (for reading the request log). */
export function platformCardPath(id?: number): string {
  const collection =
    dialectOf() === "ampeco" ? "/public-api/resources/id-tags/v2.0" : "/public-api/resources/tokens/v1.0";
  return id === undefined ? collection : `${collection}/${id}`;
}

/** A fresh platform driver, signed in on `page` through the e-mail link; the page is on /account. */
export async function signInNewPlatformDriver(
  page: Page,
  request: APIRequestContext,
  tag: string,
  profile: Record<string, string> = {},
): Promise<FreshDriver> {
  const driver = await createPlatformDriver(request, tag, profile);
  await signInByEmail(page, driver.email);
  await expect(page).toHaveURL(/\/account$/);
  return driver;
}

/**
 * The balance of a driver without transactions. The contract's platform has no currency for them
 * yet, so the portal says "No transactions yet" instead of a number; the real platform's users carry
 * no currency at all, so the portal shows their balance in PLATFORM_CURRENCY (EUR by default).
 */
export async function expectNewDriverBalance(page: Page): Promise<void> {
  const balance = page.getByTestId("balance");
  if (dialectOf() === "ampeco") {
    await expect(balance).toHaveText("€0.00");
  } else {
    await expect(balance).toContainText("No transactions yet");
    await expect(balance).not.toContainText("0.00");
  }
}

/**
 * The current page loaded afresh with a GET. page.reload() re-sends a form post when the last
 * navigation was one (a click that landed before hydration submits the form without JavaScript),
 * and would run that server action a second time.
 */
export async function reloadPage(page: Page): Promise<void> {
  await page.goto(page.url());
}

/**
 * Submits the form and waits until the attempt is finished: the server action has answered and the
 * button is back from "Redeeming…". The answer alone is not enough: React applies it a moment later,
 * and until then the previous attempt's message is still on screen.
 */
export async function redeemVoucher(page: Page, code: string): Promise<void> {
  await page.getByLabel("Voucher code").fill(code);
  const button = page.getByRole("button", { name: "Redeem voucher" });
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/vouchers"),
    button.click(),
  ]);
  await expect(button).toHaveAttribute("aria-disabled", "false");
}

/**
 * Waits until React has hydrated the element (it keeps its fiber on the node). Until then the element
 * is the server's HTML: a streamed Suspense boundary that React renders afresh instead of hydrating
 * puts new elements in its place, and keys typed into the old one are gone with it.
 */
export async function expectHydrated(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber$"))), {
      message: "React has hydrated the element",
    })
    .toBe(true);
}

/**
 * Focuses the control and presses Enter, as a keyboard user would, once React has hydrated it: Enter on
 * the server's HTML of a button that opens a question or a dialog does nothing.
 */
export async function pressEnterOn(locator: Locator): Promise<void> {
  await expectHydrated(locator);
  await locator.focus();
  await locator.page().keyboard.press("Enter");
}

/** Full e-mail link sign-in through the UI: form → demo mailbox → link. */
export async function signInByEmail(page: Page, email: string): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  const link = await latestSignInLink(page, email);
  await page.goto(link);
}

/** A second browser (its own cookies; a user agent of its own if given) signed in as `email`. */
export async function signInElsewhere(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
  userAgent?: string,
) {
  const context = await browser.newContext(userAgent === undefined ? { baseURL } : { baseURL, userAgent });
  await isolateNetwork(context);
  const page = await context.newPage();
  await signInByEmail(page, email);
  await expect(page).toHaveURL(/\/account$/);
  return { context, page };
}

/** The emulator keeps only its newest calls (REQUEST_LOG_SIZE in emulators/platform/index.ts). */
const EMULATOR_REQUEST_LOG_SIZE = 500;
/** How many of the last collected calls must be found again to know where the new ones start. */
const LOG_ANCHOR = 5;

/** A line of the collected log: a call, or a note that calls were lost between two collections. */
export type CollectedLogLine = RequestLogEntry | { gap: string };

export function readCollectedRequestLog(file: string): CollectedLogLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as CollectedLogLine);
}

/**
 * Appends to `file` the platform calls the emulator logged since the last collection. The emulator
 * keeps only its newest 500 calls, so the ampeco journeys collect after every test, and the new calls
 * start after the last ones collected before. When those are gone (more than 500 calls in one test,
 * or an emulator reset), a gap line says so, and the request-log check fails instead of passing on
 * part of the log.
 */
export async function collectPlatformRequestLog(request: APIRequestContext, file: string, after: string) {
  const log = (await new EmulatorControl(request).state()).requestLog;
  const collected = readCollectedRequestLog(file).filter((line): line is RequestLogEntry => !("gap" in line));
  const same = (a: RequestLogEntry | undefined, b: RequestLogEntry) => JSON.stringify(a) === JSON.stringify(b);
  let fresh = log;
  let gap: string | null = null;
  if (collected.length === 0) {
    if (log.length >= EMULATOR_REQUEST_LOG_SIZE) gap = `the log was full at the first collection (${after})`;
  } else {
    const anchor = collected.slice(-LOG_ANCHOR);
    let start = -1;
    for (let i = log.length - anchor.length; i >= 0 && start < 0; i--) {
      if (anchor.every((entry, k) => same(log[i + k], entry))) start = i + anchor.length;
    }
    if (start < 0) gap = `the calls collected before "${after}" are no longer in the log`;
    else fresh = log.slice(start);
  }
  const lines: CollectedLogLine[] = gap === null ? fresh : [{ gap }, ...fresh];
  if (lines.length > 0) appendFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
}

type Fixtures = {
  emulator: EmulatorControl;
  driverPage: Page;
  secondDriverPage: Page;
  supportPage: Page;
  adminPage: Page;
};

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
type WorkerFixtures = { signedInStates: Map<string, StorageState> };
type AutoFixtures = { collectRequestLog: void };

/** The portal's abuse limits count in fixed 15-minute clock windows (lib/core/rate-limit.ts). */
const LIMIT_WINDOW_MS = 15 * 60_000;

/**
 * Runs a journey that fills a limit and expects the next request to be refused, so that its requests count in one
 * fixed window. Should the clock cross into the next window while it runs and the journey fail (the count restarted
 * halfway), it runs once more from the start of the new window, far longer than a journey; so it makes its own
 * driver or address each time. Waiting for a window that fits the whole timeout cost up to two minutes a run.
 */
export async function inOneLimitWindow(journey: () => Promise<void>): Promise<void> {
  const started = Date.now();
  const window = limitWindowAt(started);
  try {
    await journey();
  } catch (error) {
    if (limitWindowAt() === window) throw error;
    test.setTimeout(test.info().timeout + (Date.now() - started));
    await journey();
  }
}

/** The limits' fixed window that `at` falls in, to show that a test's requests all counted in one. */
export function limitWindowAt(at = Date.now()): number {
  return Math.floor(at / LIMIT_WINDOW_MS);
}

export const DEMO_DRIVER = "driver@example.com";
export const SECOND_DRIVER = "second.driver@example.com";
export const SUPPORT = "support@example.com";
export const ADMIN = "admin@example.com";

/**
 * A page signed in as `email`. The sign-in itself (form → mailbox → link) runs once per worker, server and
 * role; later tests reuse its cookie, which also keeps the per-address sign-in mail limit out of play.
 */
async function signedInPage(
  browser: Browser,
  baseURL: string | undefined,
  states: Map<string, StorageState>,
  email: string,
  landing: RegExp,
) {
  // One state per server and account: a worker may serve journeys of several servers (projects).
  const key = `${baseURL} ${email}`;
  let state = states.get(key);
  if (state) {
    // A test may have signed this account out (that deletes the database session): sign in afresh then.
    const probe = await browser.newContext({ baseURL, storageState: state });
    const session = (await (await probe.request.get("/api/auth/session")).json().catch(() => null)) as {
      user?: unknown;
    } | null;
    await probe.close();
    if (!session?.user) state = undefined;
  }
  if (!state) {
    const setup = await browser.newContext({ baseURL });
    await isolateNetwork(setup);
    const page = await setup.newPage();
    // Each worker signs in the shared seed accounts once. Two workers asking at the same moment both
    // read the newest link in the mailbox; the first to open it uses it up, and the other lands on
    // the sign-in page's Verification error. That worker asks for a link of its own again.
    for (let attempt = 1; ; attempt++) {
      await signInByEmail(page, email);
      await expect(page).toHaveURL(new RegExp(`${landing.source}|[?&]error=Verification`));
      if (!/[?&]error=Verification/.test(page.url()) || attempt === 3) break;
    }
    await expect(page).toHaveURL(landing);
    state = await setup.storageState();
    states.set(key, state);
    await setup.close();
  }
  const context = await browser.newContext({ baseURL, storageState: state });
  await isolateNetwork(context);
  const page = await context.newPage();
  return { context, page };
}

function roleFixture(email: string, landing: RegExp) {
  return async (
    {
      browser,
      baseURL,
      signedInStates,
    }: { browser: Browser; baseURL: string | undefined; signedInStates: Map<string, StorageState> },
    use: (page: Page) => Promise<void>,
  ) => {
    const { context, page } = await signedInPage(browser, baseURL, signedInStates, email, landing);
    await use(page);
    await context.close();
  };
}

export const test = base.extend<Fixtures & AutoFixtures, WorkerFixtures>({
  // Projects that name a requestLogFile (the ampeco journeys) collect the emulator's request log
  // after every test, passed or not, for the check in request-log.spec.ts.
  collectRequestLog: [
    async ({ playwright, baseURL }, use, testInfo) => {
      await use();
      const file: unknown = testInfo.project.metadata?.requestLogFile;
      if (typeof file !== "string") return;
      const request = await playwright.request.newContext({ baseURL });
      try {
        await collectPlatformRequestLog(request, file, testInfo.titlePath.join(" › "));
      } finally {
        await request.dispose();
      }
    },
    { auto: true },
  ],
  signedInStates: [
    async ({}, use) => {
      await use(new Map());
    },
    { scope: "worker" },
  ],
  context: async ({ context }, use) => {
    await isolateNetwork(context);
    await use(context);
  },
  // The portal refuses writes that do not come from its own origin (middleware.ts), so the tests'
  // direct API calls carry it as a page of the portal would.
  request: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { origin: new URL(baseURL!).origin },
    });
    await use(request);
    await request.dispose();
  },
  emulator: async ({ request }, use) => {
    await use(new EmulatorControl(request));
  },
  driverPage: roleFixture(DEMO_DRIVER, /\/account/),
  secondDriverPage: roleFixture(SECOND_DRIVER, /\/account/),
  supportPage: roleFixture(SUPPORT, /\/admin/),
  adminPage: roleFixture(ADMIN, /\/admin/),
});

export { expect };
