import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveFetchHandler, type RunningServer } from "@/emulators/http-adapter";
import { DEMO_DRIVER_ID } from "@/emulators/platform";
import type { DriverViewer } from "@/lib/core/auth/guards";
import type { OpenedDatabase } from "@/lib/core/db/connect";
import { sessions, users } from "@/lib/core/db/schema";
import type { MailMessage } from "@/lib/core/mail/send";
import { createLiveBus, type LiveBus } from "@/lib/features/live/bus";
import { deliverPlatformEvent } from "@/lib/features/live/deliver";
import { receivePlatformCallback } from "@/lib/features/live/receive-callback";
import type { ReceiptDeps } from "@/lib/features/live/receipt";
import { openDriverStream } from "@/lib/features/live/stream-route";
import { subscribePortal } from "@/lib/features/live/subscribe";
import { callbacksConfigured, webhookKeys, type CallbackSettings } from "@/lib/features/live/webhook-keys";
import { createPlatformClient, type PlatformClient } from "@/lib/platform/client";
import { locationName } from "@/lib/platform/location-name";
import { startPlatformEmulator, type RunningPlatformEmulator } from "@/tests/support/platform-emulator-server";
import { openTestDatabase } from "@/tests/support/test-db";

/**
 * Issue 34, end to end over real HTTP: a portal on OAuth client credentials (no static key at all) subscribes with
 * `platform:subscribe`'s code; the token that made the subscription expires; the platform keeps signing with it, in
 * base64; the portal verifies, the driver's open tab gets the stop and then the final amount, and the receipt is
 * mailed once, only when billing has completed (the emulator plays a provisional amount at the stop).
 */
const OAUTH = { clientId: "portal-client", clientSecret: "portal-client-secret" };
const SETTINGS: CallbackSettings = { dialect: "ampeco", configuredKey: "", oauth: true };
const TOKEN = "oauth-e2e-session";
const viewer = { userId: "u-demo", platformUserId: DEMO_DRIVER_ID } as DriverViewer;

let clock = Date.parse("2026-03-14T10:00:00Z");
let emu: RunningPlatformEmulator;
let opened: OpenedDatabase;
let bus: LiveBus;
let portal: RunningServer;
let platform: PlatformClient;
const mails: MailMessage[] = [];
const statuses: number[] = [];

const receipts = (): ReceiptDeps => ({
  db: opened.db,
  send: async (message) => void mails.push(message),
  locationOf: async (sessionId, locale) => {
    const session = await platform.sessions.getSession(sessionId);
    const location = session?.locationId ? await platform.locations.getLocation(session.locationId) : null;
    return location ? locationName(location, locale) : null;
  },
  accountUrl: "http://localhost/account",
});

/** The portal's two live routes as the app serves them, with this test's database, bus and platform. */
async function portalRoutes(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (path === "/api/live")
    return openDriverStream(request, viewer, {
      bus: async () => bus,
      db: async () => opened.db,
      sessionToken: async () => TOKEN,
      heartbeatMs: 1_000,
      enabled: () => callbacksConfigured(SETTINGS),
      locale: async () => "en",
      clientKey: async () => "192.0.2.1",
      caps: () => ({ perAccount: 100, perClient: 100 }),
      maxLifetimeMs: () => 3_600_000,
    });
  const later: Array<() => Promise<void>> = [];
  const response = await receivePlatformCallback(request, {
    db: async () => opened.db,
    keys: async () => webhookKeys(opened.db, SETTINGS),
    later: (task) => void later.push(task),
    deliver: (event) => deliverPlatformEvent(event, { db: opened.db, bus, platform, receipts: receipts() }),
    now: () => new Date(clock),
  });
  statuses.push(response.status);
  for (const task of later) await task();
  return response;
}

beforeAll(async () => {
  emu = await startPlatformEmulator({
    dialect: "ampeco",
    oauthClient: OAUTH,
    now: () => new Date(clock),
    notificationTickMs: 0,
    settings: {
      oauthTokenTtlSeconds: 60,
      webhookSignature: "base64",
      sessionBilling: { atStop: "provisional", completesAfterMs: 120_000 },
      webhookDelivery: { retryDelayMs: 0, attempts: 1 },
    },
  });
  opened = await openTestDatabase();
  await opened.db.insert(users).values({ id: "u-demo", email: "demo@example.com", platformUserId: DEMO_DRIVER_ID });
  await opened.db
    .insert(sessions)
    .values({ sessionToken: TOKEN, userId: "u-demo", expires: new Date(Date.now() + 3_600_000) });
  bus = createLiveBus(async () => opened.db, undefined);
  portal = await serveFetchHandler(portalRoutes, { port: 0 });
  platform = createPlatformClient({
    dialect: "ampeco",
    baseUrl: emu.url,
    apiKey: "",
    oauth: OAUTH,
    now: () => clock,
    timeoutMs: 5_000,
    maxRetries: 0,
    retryCapMs: 100,
    partnerId: 1116,
    userGroupId: 257,
  });
});
afterAll(async () => {
  await portal.close();
  await emu.close();
  await opened.close();
});

/** Reads the tab's stream until `until` holds for what came so far. */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  seen: string[],
  until: (t: string) => boolean,
) {
  const decoder = new TextDecoder();
  while (!until(seen.join(""))) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`the stream ended: ${seen.join("")}`);
    seen.push(decoder.decode(value, { stream: true }));
  }
}

const sessionFrames = (text: string) =>
  [...text.matchAll(/^event: session\ndata: (.+)$/gm)].map((m) => JSON.parse(m[1]!).session as Record<string, unknown>);

describe("OAuth and callbacks, end to end", () => {
  it("subscribe, a signed callback after the token expired, the tab updated, one receipt with the final amount", async () => {
    const outcome = await subscribePortal(platform, portal.url, { db: opened.db, settings: SETTINGS });
    expect(outcome).toMatchObject({
      action: "created",
      subscription: { callbackUrl: `${portal.url}/api/platform/callbacks` },
    });
    clock += 61_000; // the token that made the subscription has expired

    const abort = new AbortController();
    const tab = await fetch(`${portal.url}/api/live`, { signal: abort.signal });
    expect(tab.status).toBe(200);
    const reader = tab.body!.getReader();
    const seen: string[] = [];
    await readUntil(reader, seen, (t) => t.includes("retry:"));

    const running = (
      await emu.call(
        "GET",
        `/public-api/resources/sessions/v1.0?filter[userId]=${DEMO_DRIVER_ID}&filter[status]=active&cursor=`,
        {
          key: null,
          headers: { authorization: `Bearer ${await freshToken()}` },
        },
      )
    ).body.data[0] as { id: string };
    expect((await emu.call("POST", `/__emulator/sessions/${running.id}/stop`)).status).toBe(200);
    await emu.call("POST", "/__emulator/notifications/flush");
    await readUntil(reader, seen, (t) => sessionFrames(t).some((s) => s.status === "finished"));
    const provisional = sessionFrames(seen.join("")).find((s) => s.status === "finished")!;
    expect(mails).toEqual([]);

    clock += 120_000; // billing completes
    await emu.call("POST", "/__emulator/notifications/flush");
    const final = (
      await emu.call("GET", `/public-api/resources/sessions/v1.0/${running.id}`, {
        key: null,
        headers: { authorization: `Bearer ${await freshToken()}` },
      })
    ).body.data as { billingStatus: string; totalAmount: { withTax: number } };
    expect(final.billingStatus).toBe("completed");
    await readUntil(reader, seen, (t) => sessionFrames(t).filter((s) => s.status === "finished").length === 2);
    expect(sessionFrames(seen.join("")).at(-1)!.amount).toBe(final.totalAmount.withTax);
    expect(provisional.amount).not.toBe(final.totalAmount.withTax);
    await expect.poll(() => mails.length).toBe(1);
    expect(mails[0]!.text).toContain(`€${final.totalAmount.withTax.toFixed(2)}`);
    await emu.call("POST", "/__emulator/notifications/flush");
    expect(mails).toHaveLength(1);
    expect(statuses.length).toBeGreaterThanOrEqual(2);
    expect(statuses.every((status) => status === 202)).toBe(true);
    abort.abort();
  });
});

async function freshToken(): Promise<string> {
  const answer = await emu.call("POST", "/public-api/oauth/token", {
    key: null,
    rawBody: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: OAUTH.clientId,
      client_secret: OAUTH.clientSecret,
    }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  return answer.body.access_token as string;
}
