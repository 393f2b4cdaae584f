import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTIFICATION_KINDS } from "@/lib/platform/notification-types";
import { NoPlatformEventsError, subscribePortal } from "@/lib/features/live/subscribe";
import { startPlatformEmulator, type RunningPlatformEmulator } from "@/tests/support/platform-emulator-server";
import { platformClientFor } from "@/tests/support/platform-client";

/** Issue 27: `npm run platform:subscribe` creates the portal's subscription once, then keeps it up to date. */
let emu: RunningPlatformEmulator;
const client = (dialect: "spec" | "ampeco", baseUrl: string) => platformClientFor(baseUrl, dialect);

beforeAll(async () => {
  emu = await startPlatformEmulator({ dialect: "ampeco" });
});
afterAll(() => emu.close());

describe("subscribePortal", () => {
  it("creates the subscription for the portal's callback URL, leaves it alone after, and updates other kinds", async () => {
    const platform = client("ampeco", emu.url);
    const first = await subscribePortal(platform, "https://portal.example/");
    expect(first.action).toBe("created");
    expect(first.subscription).toMatchObject({
      callbackUrl: "https://portal.example/api/platform/callbacks",
      kinds: [...NOTIFICATION_KINDS],
    });
    expect((await subscribePortal(platform, "https://portal.example")).action).toBe("unchanged");

    const id = first.subscription.id;
    await emu.call("PUT", `/public-api/notifications/v2.0/${id}`, {
      body: {
        via: "webhook",
        notifications: ["idTag.changed"],
        webhook: { callbackUrl: first.subscription.callbackUrl },
      },
    });
    const again = await subscribePortal(platform, "https://portal.example");
    expect(again).toMatchObject({ action: "updated", subscription: { id, kinds: [...NOTIFICATION_KINDS] } });
    expect(again.all.map((s) => s.id)).toEqual([id]);
  });

  it("says the contract dialect has no notifications", async () => {
    await expect(subscribePortal(client("spec", emu.url), "https://portal.example")).rejects.toBeInstanceOf(
      NoPlatformEventsError,
    );
  });
});
