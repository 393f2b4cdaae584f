import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EmulatorSettingsInput, PlatformEmulator } from "@/emulators/platform";
import { platformSubscriptions } from "@/lib/core/db/schema";
import { callbackCheckSupport } from "@/lib/features/live/callback-check";
import { receivePlatformCallback } from "@/lib/features/live/receive-callback";
import { subscribePortal } from "@/lib/features/live/subscribe";
import { keyFingerprint, webhookKeys, type CallbackSettings } from "@/lib/features/live/webhook-keys";
import { platformCheckCommand } from "@/lib/features/platform-check/command";
import type { PlatformClient } from "@/lib/platform/client";
import { isPlatformError } from "@/lib/platform/errors";
import { openTestDatabase } from "@/tests/support/test-db";
import { checkRun, KEY, tableRows } from "./harness";
import { openForSuite } from "../../support/suite-harness";

/**
 * Issue 34: `platform:check`'s rows for the ledger and the callbacks, against the emulator with each setting that plays
 * what AMPECO leaves open: either every row passes (the portal copes) or a row names the problem and what to do.
 */
const PORTAL = "https://portal.check.test";
const FILES = "https://files.tenant.example";

const opened = openForSuite(() => openTestDatabase());
const emulators: PlatformEmulator[] = [];
beforeEach(async () => {
  await opened.db.delete(platformSubscriptions);
});
afterEach(() => {
  for (const emulator of emulators.splice(0)) emulator.stop();
});

interface Run {
  emulator: PlatformEmulator;
  platform: PlatformClient;
  settings: CallbackSettings;
  check(): Promise<{ code: number; rows: Map<string, string>; names: string[] }>;
}

/** The check's harness with the callbacks' rows: the portal's public URL answers with the real receiver. */
function setup(
  options: { settings?: EmulatorSettingsInput; oauth?: boolean; portal?: "same-key" | "other-key" | "down" } = {},
): Run {
  const settings: CallbackSettings = {
    dialect: "ampeco",
    configuredKey: options.oauth ? "" : KEY,
    oauth: !!options.oauth,
  };
  const portalFetch: typeof fetch = async (input, init) => {
    if (options.portal === "down") throw new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } });
    return receivePlatformCallback(new Request(input, init), {
      db: async () => opened.db,
      keys: async () => (options.portal === "other-key" ? ["another-portal-key"] : webhookKeys(opened.db, settings)),
      later: () => undefined,
      deliver: async () => undefined,
      now: () => new Date(),
    });
  };
  const run = checkRun({
    // The subscription's callbacks go nowhere here: one try each.
    settings: { webhookDelivery: { attempts: 1 }, ...options.settings },
    oauth: options.oauth,
    timeoutMs: 500,
    callbacks: {
      db: async () => opened.db,
      settings,
      portalUrl: PORTAL,
      fetch: portalFetch,
      timeoutMs: 500,
      live: callbackCheckSupport,
    },
  });
  emulators.push(run.emulator);
  return {
    emulator: run.emulator,
    platform: run.platform,
    settings,
    async check() {
      run.out.length = 0;
      const code = await platformCheckCommand([], run.commandDeps);
      const rows = tableRows(run.out);
      return { code, rows: new Map(rows), names: rows.map(([name]) => name) };
    },
  };
}

const MY_ROWS = [
  "transactions.list",
  "invoices.get",
  "invoice PDF",
  "invoiceDetails.get",
  "notifications.list",
  "webhook key",
  "subscription",
  "callback self-test",
];

/** The portal subscribed as `platform:subscribe` does (where the token may: not without the notifications right). */
async function subscribed(run: Run) {
  await subscribePortal(run.platform, PORTAL, { db: opened.db, settings: run.settings }).catch((error: unknown) => {
    if (!isPlatformError(error) || error.code !== "forbidden") throw error;
  });
  return run;
}

describe("platform:check's ledger and callback rows", () => {
  it("are all ok against the emulator with the portal subscribed and its public URL answering", async () => {
    const { code, rows, names } = await (await subscribed(setup())).check();
    for (const name of MY_ROWS) expect(rows.get(name), name).toMatch(/^ok /);
    // One framework: each row once, the ledger's and the callbacks' among the calls' own.
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect(rows.get("transactions.list")).toContain("filter[userId] honoured");
    expect(rows.get("invoiceDetails.get")).toContain("Ampeco");
    expect(rows.get("callback self-test")).toContain("(204)");
    expect(code).toBe(0);
  });

  it.each<[string, EmulatorSettingsInput]>([
    ["base64 signatures", { webhookSignature: "base64" }],
    ["upper-case hex signatures", { webhookSignature: "hex-upper" }],
    ["sha256= signatures", { webhookSignature: "sha256-hex" }],
    ["an update re-keys", { webhookKeyAfterUpdate: "updater" }],
    ["provisional amounts at the stop", { sessionBilling: { atStop: "provisional" } }],
    ["clock-aligned session updates", { sessionUpdateDetail: "clock-aligned" }],
    [
      "a file host behind a redirect, as octet-stream",
      { invoiceLinks: { fileOrigin: FILES, redirect: true, contentType: "application/octet-stream" } },
    ],
    ["invoices without userId", { invoiceFields: { userId: false } }],
    ["invoice details that merge", { invoiceDetailsSave: "merge" }],
    ["voucher credits without a transaction", { voucherCreditTransactions: false }],
    ["a refund naming its invoice", { refundInvoice: "invoice" }],
  ])("pass with %s (the portal copes)", async (_name, settings) => {
    const { code, rows } = await (await subscribed(setup({ settings }))).check();
    for (const name of MY_ROWS) expect(rows.get(name), name).toMatch(/^ok /);
    expect(code).toBe(0);
  });

  it.each(["cardcom", "softone", "ecpay"] as const)(
    "name the %s invoice manager and what drivers see",
    async (manager) => {
      const { code, rows } = await (await subscribed(setup({ settings: { invoiceManager: manager } }))).check();
      expect(rows.get("invoiceDetails.get")).toMatch(
        /^ok the tenant's invoice manager is \w+: billing details are shown read-only/,
      );
      expect(code).toBe(0);
    },
  );

  it.each<[string, EmulatorSettingsInput, string, RegExp]>([
    [
      "a plain-http file host",
      { invoiceLinks: { fileOrigin: "http://files.tenant.example", redirect: true } },
      "invoice PDF",
      /^BLOCKER .*plain http.*serve invoice files over https/,
    ],
    [
      "a stalled file",
      { invoiceLinks: { stall: true } },
      "invoice PDF",
      /^BLOCKER the file stalled past PLATFORM_TIMEOUT_MS/,
    ],
    [
      "invoices without downloadUrl",
      { invoiceFields: { downloadUrl: false } },
      "invoice PDF",
      /^WARNING invoices carry no downloadUrl.*Ask the tenant/,
    ],
    [
      "no notification rights",
      { forbiddenResources: ["notifications"] },
      "notifications.list",
      /^BLOCKER 403: the token's admin lacks the notifications right.*npm run platform:subscribe/,
    ],
    [
      "no transaction rights",
      { forbiddenResources: ["transactions"] },
      "transactions.list",
      /^BLOCKER 403: the payments page will not work/,
    ],
  ])("name the problem of %s and what to do", async (_name, settings, row, expected) => {
    const { rows } = await (await subscribed(setup({ settings }))).check();
    expect(rows.get(row)).toMatch(expected);
  });

  it("flag a missing, a stale and a foreign subscription, each with its command", async () => {
    const run = setup();
    expect((await run.check()).rows.get("subscription")).toMatch(
      /^WARNING none for this portal.*npm run platform:subscribe$/,
    );
    await subscribed(run);
    await opened.db.update(platformSubscriptions).set({ keyFingerprint: keyFingerprint("the-key-before-rotation") });
    const stale = await run.check();
    expect(stale.rows.get("subscription")).toMatch(/^BLOCKER made with a key the portal no longer has.*--recreate$/);
    expect(stale.code).toBe(1);
    await opened.db.delete(platformSubscriptions);
    expect((await run.check()).rows.get("subscription")).toMatch(/^WARNING made elsewhere.*--recreate$/);
  });

  it("under OAuth: the recorded token is the key, and the self-test passes with it", async () => {
    const run = setup({ oauth: true });
    expect((await run.check()).rows.get("webhook key")).toMatch(
      /^BLOCKER OAuth, and no subscription recorded its token yet/,
    );
    const { code, rows } = await (await subscribed(run)).check();
    expect(rows.get("webhook key")).toBe(
      "ok callbacks are checked with the OAuth token recorded by platform:subscribe",
    );
    expect(rows.get("callback self-test")).toMatch(/^ok /);
    expect(code).toBe(0);
  });

  it("a self-test says when the public URL is not reachable from here, or refuses this configuration's key", async () => {
    const down = await (await subscribed(setup({ portal: "down" }))).check();
    expect(down.rows.get("callback self-test")).toMatch(
      /^WARNING https:\/\/portal\.check\.test\/api\/platform\/callbacks could not be reached from here/,
    );
    const other = await setup({ portal: "other-key" }).check();
    expect(other.rows.get("callback self-test")).toMatch(
      /^BLOCKER .* refuses callbacks signed with this configuration's key/,
    );
  });

  it("a 200 the client cannot parse fails its row", async () => {
    const run = await subscribed(setup());
    const handle = run.emulator.handle;
    run.emulator.handle = async (request) =>
      new URL(request.url).pathname.startsWith("/public-api/resources/transactions/")
        ? new Response(JSON.stringify({ data: [{ id: "not a number", date: 1 }] }), {
            headers: { "content-type": "application/json" },
          })
        : handle(request);
    expect((await run.check()).rows.get("transactions.list")).toMatch(
      /^BLOCKER the portal cannot read the answer \(status 200\) \(fields data\.0\.id, .*\): the payments page fails/,
    );
  });
});
