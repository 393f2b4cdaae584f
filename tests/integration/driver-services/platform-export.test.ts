import { describe, expect, it, vi } from "vitest";
import type { Viewer } from "@/lib/core/auth/viewer";
import { rateLimitCounters, users } from "@/lib/core/db/schema";
import { DEMO_DRIVER_EMAIL, DEMO_DRIVER_ID } from "@/emulators/platform";
import { createPlatformClient, type PlatformClient } from "@/lib/platform/client";
import { IDLE } from "../../support/action-form";
import { DEMO_DRIVER_VIEWER, SERVICE_TEST_KEY, sentTo, type ServiceHarness } from "./harness";
import { serviceHarnessForSuite } from "../../support/service-harness";
import { holdClockStill } from "../../support/still-clock";

/**
 * The platform's own data export on /account, in both dialects side by side: the real platform
 * (ampeco) answers a link to the driver's own file; the contract has no such export, and the
 * action says so without a platform call.
 */
const holder = vi.hoisted(() => ({
  harness: null as unknown as import("./harness").ServiceHarness,
  client: null as unknown as import("@/lib/platform/client").PlatformClient,
  viewer: null as import("@/lib/core/auth/viewer").Viewer | null,
  dialect: "ampeco" as "contract" | "ampeco",
}));
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.harness.db.db }));
vi.mock("@/lib/core/auth/viewer", () => ({ getViewer: async () => holder.viewer }));
vi.mock("@/lib/core/config", async (original) =>
  (await import("../../support/config-override")).configWith(original, (config) => ({
    ...config,
    platform: { ...config.platform, dialect: holder.dialect },
  })),
);

const { requestPlatformExportAction } = await import("@/lib/features/accounts/actions/request-platform-export");
const { platformExportOffered } = await import("@/lib/features/accounts/platform-export");

const DRIVER = DEMO_DRIVER_VIEWER;
const EXPORT_CALL = /\/export-all-private-data$/;

const ampeco = serviceHarnessForSuite({ dialect: "ampeco", resetBeforeEach: false });
const contract = serviceHarnessForSuite({ dialect: "contract", resetBeforeEach: false });

async function use(h: ServiceHarness, viewer: Viewer | null = DRIVER, client: PlatformClient = h.client) {
  holder.harness = h;
  holder.client = client;
  holder.viewer = viewer;
  holder.dialect = h.dialect;
  h.emulator.reset();
  h.sent.length = 0;
  const { db } = h.db;
  for (const table of [rateLimitCounters, users]) await db.delete(table);
  await db
    .insert(users)
    .values({ id: DRIVER.userId, email: DRIVER.email, platformUserId: DEMO_DRIVER_ID, emailVerified: new Date() });
  return h;
}

/** Opens a link the way the driver's browser does: no key, straight to the platform's file. */
async function open(h: ServiceHarness, link: string) {
  const response = await h.emulator.handle(new Request(link));
  return { status: response.status, body: await response.json() };
}

describe("ampeco: the platform's own export", () => {
  it("is offered, asks the platform once for the signed-in driver, and the link opens only their data", async () => {
    const h = await use(ampeco);
    expect(platformExportOffered()).toBe(true);
    const result = await requestPlatformExportAction(IDLE);
    expect(result).toMatchObject({
      status: "ok",
      message: "The charging service prepared your data. The link works for 24 hours.",
      data: { validForHours: 24 },
    });
    expect(sentTo(h, "GET", EXPORT_CALL).map((r) => r.path)).toEqual([
      `/public-api/actions/users/v2.0/${DEMO_DRIVER_ID}/export-all-private-data`,
    ]);
    const link = result.status === "ok" ? result.data!.downloadUrl : "";
    const file = await open(h, link);
    expect(file.status).toBe(200);
    expect(file.body.user.email).toBe(DEMO_DRIVER_EMAIL);
    expect(file.body.sessions.length).toBeGreaterThan(0);
    expect(file.body.sessions.every((s: { userId: number }) => s.userId === DEMO_DRIVER_ID)).toBe(true);
  });

  it("five a driver an hour; the sixth is refused before the platform is asked", async () => {
    const h = await use(ampeco);
    holdClockStill();
    let sixth;
    try {
      for (let i = 0; i < 5; i += 1) expect((await requestPlatformExportAction(IDLE)).status).toBe("ok");
      sixth = await requestPlatformExportAction(IDLE);
    } finally {
      vi.useRealTimers();
    }
    expect(sixth).toMatchObject({ status: "error" });
    expect(sixth.status === "error" && sixth.message).toMatch(
      /^You asked for several exports just now\. .+ try again in /,
    );
    expect(sentTo(h, "GET", EXPORT_CALL)).toHaveLength(5);
  });

  it("a platform that fails gives a message to try again, not a broken page", async () => {
    const h = await use(ampeco);
    await h.control("PUT", "/faults", { rules: [{ path: "export-all-private-data", status: 503, times: 10 }] });
    const result = await requestPlatformExportAction(IDLE);
    expect(result.status).toBe("error");
    expect(result.status === "error" && result.message).toMatch(/ask the charging service for your data/);
    expect(result).not.toHaveProperty("data");
  });

  it("a link that is not http(s) is never handed to the browser", async () => {
    const h = ampeco;
    const scripted = createPlatformClient({
      dialect: "ampeco",
      baseUrl: "http://platform.test",
      apiKey: SERVICE_TEST_KEY,
      fetch: (async () => Response.json({ downloadUrl: "javascript:alert(document.cookie)" })) as typeof fetch,
      timeoutMs: 5000,
      maxRetries: 0,
      retryCapMs: 1000,
      sleep: async () => undefined,
      partnerId: 1116,
      userGroupId: 257,
      logger: () => undefined,
    });
    await use(h, DRIVER, scripted);
    const result = await requestPlatformExportAction(IDLE);
    expect(result.status).toBe("error");
    expect(JSON.stringify(result)).not.toContain("javascript:");
  });

  it("a visitor who is not signed in is refused without a platform call", async () => {
    const h = await use(ampeco, null);
    expect((await requestPlatformExportAction(IDLE)).status).toBe("error");
    expect(sentTo(h, "GET", EXPORT_CALL)).toEqual([]);
  });
});

describe("contract: the contract has no export of its own", () => {
  it("is not offered, and the action says where the data is without a platform call", async () => {
    const h = await use(contract);
    expect(platformExportOffered()).toBe(false);
    expect(await requestPlatformExportAction(IDLE)).toEqual({
      status: "error",
      code: "unavailable",
      message:
        "The charging service offers no export of its own. “Download my data” holds what the portal reads about you from it.",
    });
    expect(h.sent).toEqual([]);
  });
});
