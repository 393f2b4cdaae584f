import { describe, expect, it, vi } from "vitest";
import { SECOND_DRIVER_ID } from "@/emulators/platform";
import { sentTo } from "../driver-services/harness";
import { serviceHarnessForSuite } from "../../support/service-harness";

/** Issue 38: starts are counted per driver before the platform is asked (LIMIT_CHARGE_START_PER_DRIVER, here 2). */
const holder = vi.hoisted(() => ({ harness: null as unknown as import("../driver-services/harness").ServiceHarness }));
vi.mock("@/lib/core/config", async (original) =>
  (await import("../../support/config-override")).configWith(original, (config) => ({
    ...config,
    limits: { ...config.limits, chargeStartPerDriver: 2 },
  })),
);
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.harness.db.db }));

const { startCharging } = await import("@/lib/features/charging");
const h = serviceHarnessForSuite({ seams: holder, dialect: "ampeco", seedLocations: true });

describe("starts per driver", () => {
  it("refuses the third start in 15 minutes in words, without asking the platform; another driver goes on", async () => {
    await h.control("PUT", "/settings", { startRefusal: "INTERNAL_ISSUE" });
    const attempt = () =>
      startCharging(SECOND_DRIVER_ID, { evseId: 50101, payment: "balance" }).catch((error: unknown) => error);
    await attempt();
    await attempt();
    // The windows are fixed 15-minute ones: near a window's end the wait is said in seconds.
    expect(await attempt()).toMatchObject({
      code: "charging-limited",
      key: expect.stringMatching(/^charging\.start\.errors\.tooMany(Minutes|Seconds)$/),
    });
    expect(sentTo(h, "POST", /\/start$/)).toHaveLength(2);
    const other = await h.client.users.createUser({
      email: "other.starter@example.com",
      password: "long enough password 1",
      firstName: "Other",
      lastName: "Starter",
    });
    expect(
      await startCharging(other.id, { evseId: 50101, payment: "balance" }).catch((error: unknown) => error),
    ).toMatchObject({ code: "charging-refused" });
  });
});
