import { randomUUID } from "node:crypto";
import { test as base, expect, type Browser, type BrowserContext, type Page, type APIRequestContext } from "@playwright/test";

// 1×1 transparent PNG: map tiles and any other image answer with it, nothing leaves the machine.
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

function isLoopback(url: string): boolean {
  const { hostname, protocol } = new URL(url);
  if (protocol === "data:" || protocol === "blob:") return true;
  return hostname === "localhost" || hostname === "[::1]" || /^127\./.test(hostname);
}

/** Every non-loopback request is blocked; image requests get a 1×1 PNG instead. */
export async function isolateNetwork(context: BrowserContext): Promise<void> {
  await context.route("**/*", async (route) => {
    const request = route.request();
    if (request.resourceType() === "image" || /\/__blocked_tiles__\//.test(request.url())) {
      return route.fulfill({ status: 200, contentType: "image/png", body: PIXEL });
    }
    if (!isLoopback(request.url())) return route.abort("blockedbyclient");
    return route.continue();
  });
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

export interface EmulatorState {
  users: { id: number; email: string; firstName?: string; balance?: number; currency?: string | null }[];
  tokens: { id: number; userId: number; code: string; status: string; visualNumber?: string }[];
  vouchers: { code: string; status: string }[];
  redemptions: unknown[];
}

/** Reads the newest demo-mailbox message to `email` and returns the sign-in link in it. */
export async function latestSignInLink(page: Page, email: string): Promise<string> {
  await page.goto("/dev/mailbox");
  const row = page.getByRole("row").filter({ hasText: email }).filter({ hasText: "sign-in link" }).first();
  await row.getByRole("link").click();
  const link = page.getByRole("link", { name: /\/api\/auth\/callback\// });
  return (await link.getAttribute("href")) as string;
}

/** The in-process emulator's platform API, as a second client would use it (support, the app). */
export const PLATFORM_API = "/api/emulator/public-api/resources";
export const PLATFORM_AUTH = { Authorization: "Bearer demo-key", Accept: "application/json" };

export interface FreshDriver {
  id: number;
  email: string;
}

/**
 * A platform user of its own for one test, created through the platform API as the app or support
 * would, and unknown to the portal until it signs in. Tests that change or count things use one, so
 * the seed's drivers and their per-address limits stay out of play (also under --repeat-each).
 * `profile` adds or overrides platform user fields (snake_case, as the API takes them).
 */
export async function createPlatformDriver(request: APIRequestContext, tag: string, profile: Record<string, string> = {}): Promise<FreshDriver> {
  const email = `e2e.${tag}.${randomUUID().slice(0, 8)}@example.com`;
  const response = await request.post(`${PLATFORM_API}/users/v1.1`, {
    headers: PLATFORM_AUTH,
    data: { email, password: "app-secret-1", first_name: "Fresh", last_name: "Driver", country: "NL", partnerId: 1116, userGroupId: 257, ...profile },
  });
  expect(response.status(), `creating ${email}`).toBe(201);
  return { id: Number((await response.json()).data.id), email };
}

/** A fresh platform driver, signed in on `page` through the e-mail link; the page is on /account. */
export async function signInNewPlatformDriver(page: Page, request: APIRequestContext, tag: string, profile: Record<string, string> = {}): Promise<FreshDriver> {
  const driver = await createPlatformDriver(request, tag, profile);
  await signInByEmail(page, driver.email);
  await expect(page).toHaveURL(/\/account$/);
  return driver;
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

type Fixtures = {
  emulator: EmulatorControl;
  driverPage: Page;
  secondDriverPage: Page;
  supportPage: Page;
  adminPage: Page;
};

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
type WorkerFixtures = { signedInStates: Map<string, StorageState> };

/** The portal's abuse limits count in fixed 15-minute clock windows (lib/rate-limit.ts). */
const LIMIT_WINDOW_MS = 15 * 60_000;

/**
 * For a test that fills a limit and expects the next request to be refused: if the current window
 * ends within `needMs`, wait for the next one, so the count cannot restart halfway through the test.
 * Not a synchronisation sleep: it lines the test up with the clock the limits use.
 */
export async function inOneLimitWindow(needMs = 45_000): Promise<void> {
  const left = LIMIT_WINDOW_MS - (Date.now() % LIMIT_WINDOW_MS);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}

export const DEMO_DRIVER = "driver@example.com";
export const SECOND_DRIVER = "second.driver@example.com";
export const SUPPORT = "support@example.com";
export const ADMIN = "admin@example.com";

/**
 * A page signed in as `email`. The sign-in itself (form → mailbox → link) runs once per worker and
 * role; later tests reuse its cookie, which also keeps the per-address sign-in mail limit out of play.
 */
async function signedInPage(browser: Browser, baseURL: string | undefined, states: Map<string, StorageState>, email: string, landing: RegExp) {
  let state = states.get(email);
  if (state) {
    // A test may have signed this account out (that deletes the database session): sign in afresh then.
    const probe = await browser.newContext({ baseURL, storageState: state });
    const session = (await (await probe.request.get("/api/auth/session")).json().catch(() => null)) as { user?: unknown } | null;
    await probe.close();
    if (!session?.user) state = undefined;
  }
  if (!state) {
    const setup = await browser.newContext({ baseURL });
    await isolateNetwork(setup);
    const page = await setup.newPage();
    await signInByEmail(page, email);
    await expect(page).toHaveURL(landing);
    state = await setup.storageState();
    states.set(email, state);
    await setup.close();
  }
  const context = await browser.newContext({ baseURL, storageState: state });
  await isolateNetwork(context);
  const page = await context.newPage();
  return { context, page };
}

function roleFixture(email: string, landing: RegExp) {
  return async (
    { browser, baseURL, signedInStates }: { browser: Browser; baseURL: string | undefined; signedInStates: Map<string, StorageState> },
    use: (page: Page) => Promise<void>,
  ) => {
    const { context, page } = await signedInPage(browser, baseURL, signedInStates, email, landing);
    await use(page);
    await context.close();
  };
}

export const test = base.extend<Fixtures, WorkerFixtures>({
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
  emulator: async ({ request }, use) => {
    await use(new EmulatorControl(request));
  },
  driverPage: roleFixture(DEMO_DRIVER, /\/account/),
  secondDriverPage: roleFixture(SECOND_DRIVER, /\/account/),
  supportPage: roleFixture(SUPPORT, /\/admin/),
  adminPage: roleFixture(ADMIN, /\/admin/),
});

export { expect };
