import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog } from "@/lib/core/db/schema";
import type { Viewer } from "@/lib/core/auth/viewer";
import { DEMO_DRIVER_VIEWER } from "../driver-services/harness";
import { serviceHarnessForSuite } from "../../support/service-harness";

/**
 * Issue 33, R4-5: every refused staff read or change is an audit entry with its reason as a code: invoice downloads
 * of another driver's invoice, a billing correction with a bad VAT id, and every staff route handler's refusals.
 */
const holder = vi.hoisted(() => ({
  harness: null as unknown as import("../driver-services/harness").ServiceHarness,
  viewer: null as import("@/lib/core/auth/viewer").Viewer | null,
}));
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.harness.db.db }));
vi.mock("@/lib/core/auth/viewer", () => ({ getViewer: async () => holder.viewer }));
vi.mock("next/cache", () => ({ refresh: vi.fn(), revalidatePath: vi.fn() }));

const { AUDITED_AS } = await import("@/lib/core/route-handlers/route-handler");
const { correctDriverBillingDetailsAction } =
  await import("@/lib/features/admin/actions/correct-driver-billing-details");

const SUPPORT: Viewer = {
  userId: "u-support",
  email: "support@example.com",
  name: "Sam Support",
  role: "support",
  platformUserId: null,
  signInMethod: "passkey",
};
const idle = { status: "idle" } as const;
const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
};

/** Every route module under app/api/admin, with the handlers it exports. */
function staffRouteFiles(dir = path.join(process.cwd(), "app/api/admin")): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return staffRouteFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

const entries = () => holder.harness.db.db.select().from(auditLog);

const h = serviceHarnessForSuite({ seams: holder });
beforeEach(async () => {
  holder.viewer = SUPPORT;
  await h.db.db.delete(auditLog);
});

describe("R4-5: refused staff reads and changes are audited with a reason code", () => {
  it("probing 30 invoice ids of a driver leaves 30 entries, each refused as not-found", async () => {
    const { GET } = await import("@/app/api/admin/users/[id]/invoices/[invoiceId]/route");
    for (let i = 0; i < 30; i++) {
      const invoiceId = String(880_000 + i);
      const answer = await GET(new Request(`http://localhost/api/admin/users/1001/invoices/${invoiceId}`), {
        params: Promise.resolve({ id: "1001", invoiceId }),
      });
      expect(answer.status).toBe(404);
    }
    const rows = await entries();
    expect(rows).toHaveLength(30);
    for (const row of rows)
      expect(row).toMatchObject({
        actorEmail: SUPPORT.email,
        action: "driver.invoice.download",
        targetPlatformUserId: 1001,
        outcome: "failure",
        reason: "not-found",
        details: { invoiceId: expect.stringMatching(/^880\d{3}$/) },
      });
  });

  it("every staff route handler audits a driver's call as role-required, and an id that is none as its own reason", async () => {
    const files = staffRouteFiles();
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) {
      const handlers = Object.entries((await import(file)) as Record<string, unknown>).filter(
        ([name]) => name === "GET" || name === "POST",
      );
      for (const [method, handler] of handlers) {
        const audited = (handler as { [AUDITED_AS]?: string })[AUDITED_AS];
        expect(audited, `${file} ${method} names its audit action`).toMatch(/^driver\./);
        await h.db.db.delete(auditLog);
        holder.viewer = DEMO_DRIVER_VIEWER;
        const call = (id: string) =>
          (handler as (r: Request, c: unknown) => Promise<Response>)(
            new Request(`http://localhost/api/admin/users/${id}/x`),
            { params: Promise.resolve({ id, invoiceId: "5" }) },
          );
        expect((await call("1001")).status, file).toBe(403);
        expect(await entries()).toMatchObject([
          { actorEmail: DEMO_DRIVER_VIEWER.email, action: audited, reason: "role-required", outcome: "failure" },
        ]);
        holder.viewer = SUPPORT;
        const bad = await call("not-a-driver");
        expect([400, 404], file).toContain(bad.status);
        expect((await entries()).at(-1)).toMatchObject({
          actorEmail: SUPPORT.email,
          action: audited,
          outcome: "failure",
          reason: bad.status === 404 ? "not-found" : "invalid-input",
          targetPlatformUserId: null,
        });
      }
    }
  });

  it("a billing correction refused for a bad VAT id is one entry with reason invalid-input; nothing reaches the platform", async () => {
    const before = h.sent.length;
    const answer = await correctDriverBillingDetailsAction(
      1001,
      idle,
      form({ clientType: "company", companyName: "Probe B.V.", companyTaxId: "NL123456789B00" }),
    );
    expect(answer).toMatchObject({ status: "invalid", fieldErrors: { companyTaxId: expect.any(Array) } });
    expect(h.sent.length).toBe(before);
    expect(await entries()).toMatchObject([
      {
        actorEmail: SUPPORT.email,
        action: "driver.billing-details.update",
        targetPlatformUserId: 1001,
        outcome: "failure",
        reason: "invalid-input",
      },
    ]);
  });

  it("a change refused for a driver id that is none is an entry too; an audited mutation's failure is not counted twice", async () => {
    const noDriver = await correctDriverBillingDetailsAction(
      "1001; drop" as unknown as number,
      idle,
      form({ clientType: "individual", individualName: "Demi Driver" }),
    );
    expect(noDriver).toMatchObject({ status: "error", code: "no-driver" });
    expect(await entries()).toMatchObject([{ reason: "invalid-driver-id", targetPlatformUserId: null }]);

    await h.db.db.delete(auditLog);
    const unknown = await correctDriverBillingDetailsAction(
      987_654,
      idle,
      form({ clientType: "individual", individualName: "Nobody" }),
    );
    expect(unknown).toMatchObject({ status: "error" });
    const rows = await entries();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: "failure", targetPlatformUserId: 987_654, reason: expect.any(String) });
  });
});
