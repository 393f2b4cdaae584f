import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import type { Viewer } from "@/lib/core/auth/viewer";
import { auditLog } from "@/lib/core/db/schema";
import { IDLE, formOf } from "../../support/action-form";
import { serviceHarnessForSuite } from "../../support/service-harness";
import { staffViewer } from "../../support/viewers";
import { sentTo } from "../driver-services/harness";

/** Issue 38: support ends a driver's stuck charge whatever the charge point answers, and the audit log keeps it. */
const holder = vi.hoisted(() => ({
  harness: null as unknown as import("../driver-services/harness").ServiceHarness,
  viewer: null as Viewer | null,
}));
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.harness.db.db }));
vi.mock("@/lib/core/auth/viewer", () => ({ getViewer: async () => holder.viewer }));
vi.mock("next/navigation", async () => ({
  redirect: (await import("../../support/next-redirect")).redirectLikeNext,
}));
vi.mock("next/cache", () => ({ refresh: vi.fn(), revalidatePath: vi.fn() }));

const { forceStopSessionAction } = await import("@/lib/features/admin/actions/force-stop-session");
const h = serviceHarnessForSuite({ seams: holder, dialect: "ampeco", seedLocations: true });

const forceStop = (driverId: number, session: string) =>
  forceStopSessionAction(driverId, IDLE, formOf({ session })).catch((error: Error) => error.message);
const audits = () =>
  h.db.db.select().from(auditLog).where(eq(auditLog.action, "driver.session.force-stop")).orderBy(auditLog.id);

describe("support's forced stop", () => {
  it("stops the driver's running charge with force, even when the charge point rejects stops, and audits it", async () => {
    holder.viewer = staffViewer("support");
    await h.control("PUT", "/settings", { stopRejected: true });
    const [running] = await h.client.sessions.listRunningSessions(DEMO_DRIVER_ID);
    expect(await forceStop(DEMO_DRIVER_ID, running!.id)).toBe(
      `redirect /admin/users/${DEMO_DRIVER_ID}?forceStop=stopped#running-heading`,
    );
    expect(sentTo(h, "POST", /\/stop\//).map((s) => s.body)).toEqual([{ force: true }]);
    expect(await h.client.sessions.listRunningSessions(DEMO_DRIVER_ID)).toEqual([]);
    expect((await audits()).at(-1)).toMatchObject({
      actorEmail: holder.viewer.email,
      targetPlatformUserId: DEMO_DRIVER_ID,
      outcome: "success",
      details: { session: running!.id, outcome: "stopped" },
    });
  });

  it("finds no session of another driver under this driver's page: nothing is stopped, the refusal is audited", async () => {
    holder.viewer = staffViewer("support");
    const [running] = await h.client.sessions.listRunningSessions(DEMO_DRIVER_ID);
    const answer = await forceStopSessionAction(SECOND_DRIVER_ID, IDLE, formOf({ session: running!.id }));
    expect(answer).toMatchObject({ status: "error", code: "charging-not-found" });
    expect(sentTo(h, "POST", /\/stop\//)).toEqual([]);
    expect(await h.client.sessions.listRunningSessions(DEMO_DRIVER_ID)).toHaveLength(1);
    expect((await audits()).at(-1)).toMatchObject({ targetPlatformUserId: SECOND_DRIVER_ID, outcome: "failure" });
  });
});
