import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import type { Viewer } from "@/lib/core/auth/viewer";
import type { OpenedDatabase } from "@/lib/core/db/connect";
import { users } from "@/lib/core/db/schema";
import { IDLE, formOf } from "@/tests/support/action-form";
import { openTestDatabase } from "@/tests/support/test-db";

/** Issue 27: the charge receipt switch on /account is the driver's own, kept per account, default on. */
const holder = vi.hoisted(() => ({
  db: null as unknown as import("@/lib/core/db/connect").OpenedDatabase,
  viewer: null as import("@/lib/core/auth/viewer").Viewer | null,
}));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.db.db }));
vi.mock("@/lib/core/auth/viewer", () => ({ getViewer: async () => holder.viewer }));
vi.mock("next/cache", () => ({ refresh: vi.fn(), revalidatePath: vi.fn() }));

const { setReceiptMailAction } = await import("@/lib/features/live/actions/set-receipt-mail");
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

describe("the charge receipt switch", () => {
  it("is on by default, and switching it off and on again changes only the driver's own account", async () => {
    expect([await receiptMailEnabled("a"), await receiptMailEnabled("b")]).toEqual([true, true]);

    // A userId in the form is no way to reach another account: the action takes the signed-in driver's.
    expect(await setReceiptMailAction(IDLE, formOf({ userId: "b" }))).toMatchObject({ status: "ok" });
    expect([await receiptMailEnabled("a"), await receiptMailEnabled("b")]).toEqual([false, true]);

    expect(await setReceiptMailAction(IDLE, formOf({ receiptMail: "on" }))).toMatchObject({ status: "ok" });
    expect([await receiptMailEnabled("a"), await receiptMailEnabled("b")]).toEqual([true, true]);
  });

  it("refuses a value that is not the checkbox's, and changes nothing", async () => {
    const answer = await setReceiptMailAction(IDLE, formOf({ receiptMail: "yes please" }));
    expect(answer.status).not.toBe("ok");
    expect(await receiptMailEnabled("a")).toBe(true);
  });

  it("refuses a visitor who is not signed in, and changes nothing", async () => {
    holder.viewer = null;
    const answer = await setReceiptMailAction(IDLE, formOf({}));
    expect(answer.status).toBe("error");
    expect([await receiptMailEnabled("a"), await receiptMailEnabled("b")]).toEqual([true, true]);
  });
});
