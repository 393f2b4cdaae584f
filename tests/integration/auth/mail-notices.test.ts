import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import type { Viewer } from "@/lib/core/auth/viewer";
import type { OpenedDatabase } from "@/lib/core/db/connect";
import { users } from "@/lib/core/db/schema";
import { IDLE, formOf } from "@/tests/support/action-form";
import { openTestDatabase } from "@/tests/support/test-db";

/** Issues 27 and 37: the optional mails' switches (one form on /account/notifications) are the driver's own, default on. */
const holder = vi.hoisted(() => ({
  db: null as unknown as import("@/lib/core/db/connect").OpenedDatabase,
  viewer: null as import("@/lib/core/auth/viewer").Viewer | null,
}));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.db.db }));
vi.mock("@/lib/core/auth/viewer", () => ({ getViewer: async () => holder.viewer }));
vi.mock("next/cache", () => ({ refresh: vi.fn(), revalidatePath: vi.fn() }));

const { setMailNoticesAction } = await import("@/lib/features/accounts/actions/set-mail-notices");
const { mailNoticesOf } = await import("@/lib/features/accounts/mail-notices");
const { receiptMailEnabled } = await import("@/lib/features/live/receipt");

const driver = (userId: string, platformUserId: number): Viewer => ({
  userId,
  email: `${userId}@example.com`,
  name: null,
  role: "driver",
  platformUserId,
});

let opened: OpenedDatabase;
beforeAll(async () => {
  opened = await openTestDatabase();
  holder.db = opened;
});
afterAll(() => opened.close());
beforeEach(async () => {
  await opened.db.delete(users);
  await opened.db.insert(users).values([
    { id: "a", email: "a@example.com", platformUserId: DEMO_DRIVER_ID },
    { id: "b", email: "b@example.com", platformUserId: SECOND_DRIVER_ID },
  ]);
  holder.viewer = driver("a", DEMO_DRIVER_ID);
});

describe("the mail notices form", () => {
  it("is on by default, and one save sets both switches on the driver's own account only", async () => {
    const both = { newDeviceMail: true, receiptMail: true };
    expect([await mailNoticesOf("a"), await mailNoticesOf("b")]).toEqual([both, both]);

    // A userId in the form is no way to reach another account: the action takes the signed-in driver's.
    const off = await setMailNoticesAction(IDLE, formOf({ userId: "b" }));
    expect(off).toMatchObject({ status: "ok" });
    expect(off.status === "ok" && off.message).toBe(
      "You will no longer get an e-mail when a new browser signs in. Receipts are off.",
    );
    expect([await mailNoticesOf("a"), await mailNoticesOf("b")]).toEqual([
      { newDeviceMail: false, receiptMail: false },
      both,
    ]);
    expect(await receiptMailEnabled("a")).toBe(false);

    expect(await setMailNoticesAction(IDLE, formOf({ receiptMail: "on" }))).toMatchObject({ status: "ok" });
    expect(await mailNoticesOf("a")).toEqual({ newDeviceMail: false, receiptMail: true });

    expect(await setMailNoticesAction(IDLE, formOf({ newDeviceMail: "on", receiptMail: "on" }))).toMatchObject({
      status: "ok",
    });
    expect(await mailNoticesOf("a")).toEqual(both);
  });

  it("refuses a value that is not the checkbox's, and changes nothing", async () => {
    const answer = await setMailNoticesAction(IDLE, formOf({ newDeviceMail: "on", receiptMail: "yes please" }));
    expect(answer.status).not.toBe("ok");
    expect(await mailNoticesOf("a")).toEqual({ newDeviceMail: true, receiptMail: true });
  });

  it("refuses a visitor who is not signed in, and changes nothing", async () => {
    holder.viewer = null;
    const answer = await setMailNoticesAction(IDLE, formOf({}));
    expect(answer.status).toBe("error");
    expect([await mailNoticesOf("a"), await mailNoticesOf("b")]).toEqual([
      { newDeviceMail: true, receiptMail: true },
      { newDeviceMail: true, receiptMail: true },
    ]);
  });
});
