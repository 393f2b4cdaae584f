import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "@/lib/core/db/connect";
import { platformSubscriptions } from "@/lib/core/db/schema";
import { NOTIFICATION_KINDS } from "@/lib/platform/notification-types";
import { checkSubscription, NoPlatformEventsError, subscribePortal } from "@/lib/features/live/subscribe";
import { keyFingerprint, webhookKeys, type CallbackSettings } from "@/lib/features/live/webhook-keys";
import { openTestDatabase } from "@/tests/support/test-db";
import {
  startPlatformEmulator,
  TEST_API_KEY,
  type RunningPlatformEmulator,
} from "@/tests/support/platform-emulator-server";
import { platformClientFor } from "@/tests/support/platform-client";

/**
 * `npm run platform:subscribe`: the portal's subscription is made once with the kinds it reads, recorded with the key
 * it is signed with, made anew when its kinds or its key changed (issue 34), never updated in place.
 */
let emu: RunningPlatformEmulator;
let opened: OpenedDatabase;
const PORTAL = "https://portal.example";
const CALLBACK = "https://portal.example/api/platform/callbacks";
const KEYED: CallbackSettings = { dialect: "ampeco", configuredKey: TEST_API_KEY, oauth: false };
const client = (dialect: "contract" | "ampeco" = "ampeco") => platformClientFor(emu.url, dialect);
const subscribe = (settings = KEYED, recreate = false) =>
  subscribePortal(client(), PORTAL, { db: opened.db, settings, recreate });

beforeAll(async () => {
  emu = await startPlatformEmulator({ dialect: "ampeco" });
  opened = await openTestDatabase();
});
afterAll(async () => {
  await emu.close();
  await opened.close();
});
beforeEach(async () => {
  emu.emulator.reset();
  await opened.db.delete(platformSubscriptions);
});

describe("subscribePortal", () => {
  it("creates the subscription with only the kinds the portal reads, records its key's fingerprint, then leaves it", async () => {
    const first = await subscribe();
    expect(first).toMatchObject({ action: "created", found: "missing" });
    expect(first.subscription).toMatchObject({ callbackUrl: CALLBACK, kinds: [...NOTIFICATION_KINDS] });
    expect([...NOTIFICATION_KINDS].sort()).toEqual([
      "SessionUpdateNotification",
      "idTag.changed",
      "userBalance.changed",
    ]);
    const [row] = await opened.db.select().from(platformSubscriptions);
    expect(row).toMatchObject({ subscriptionId: first.subscription.id, signingKey: null });
    expect(row!.keyFingerprint).toBe(keyFingerprint(TEST_API_KEY));
    expect(JSON.stringify(row)).not.toContain(TEST_API_KEY);
    expect(await subscribe()).toMatchObject({ action: "unchanged", found: "ok" });
  });

  it("makes a subscription with other kinds anew instead of updating it, and removes the old one", async () => {
    const first = await subscribe();
    const put = await emu.call("PUT", `/public-api/notifications/v2.0/${first.subscription.id}`, {
      body: { via: "webhook", notifications: ["idTag.changed"], webhook: { callbackUrl: CALLBACK } },
    });
    expect(put.status).toBe(200);
    const again = await subscribe();
    expect(again).toMatchObject({ action: "recreated", found: "kinds" });
    expect(again.all.map((s) => s.id)).toEqual([again.subscription.id]);
    expect(again.subscription.id).not.toBe(first.subscription.id);
  });

  it("finds a subscription stale after the key changed, and --recreate makes it with the key in use", async () => {
    const first = await subscribe();
    // As if it had been made with the key before a rotation.
    await opened.db.update(platformSubscriptions).set({ keyFingerprint: keyFingerprint("the-rotated-key") });
    expect((await checkSubscription(client(), opened.db, PORTAL, KEYED)).state).toBe("stale");
    const renewed = await subscribe();
    expect(renewed).toMatchObject({ action: "recreated", found: "stale" });
    expect((await checkSubscription(client(), opened.db, PORTAL, KEYED)).state).toBe("ok");
    expect(renewed.subscription.id).not.toBe(first.subscription.id);
    expect((await subscribe(KEYED, true)).action).toBe("recreated");
  });

  it("finds one made elsewhere unrecorded (its key unknown) and makes its own", async () => {
    await emu.call("POST", "/public-api/notifications/v2.0", {
      body: { via: "webhook", notifications: [...NOTIFICATION_KINDS], webhook: { callbackUrl: CALLBACK } },
    });
    expect(await subscribe()).toMatchObject({ action: "recreated", found: "unrecorded" });
  });

  it("says the contract dialect has no notifications", async () => {
    await expect(
      subscribePortal(client("contract"), PORTAL, { db: opened.db, settings: KEYED }),
    ).rejects.toBeInstanceOf(NoPlatformEventsError);
  });

  it("keys the receiver checks: the configured key and the tokens recorded for OAuth-made subscriptions", async () => {
    const oauth: CallbackSettings = { dialect: "ampeco", configuredKey: "", oauth: true };
    expect(await webhookKeys(opened.db, oauth)).toEqual([]);
    await subscribe(oauth);
    // The client here holds a static key, so that is what the "token" was: recorded itself under OAuth.
    expect(await webhookKeys(opened.db, oauth)).toEqual([TEST_API_KEY]);
    expect(await webhookKeys(opened.db, { ...oauth, configuredKey: "secret" })).toEqual(["secret", TEST_API_KEY]);
  });
});
