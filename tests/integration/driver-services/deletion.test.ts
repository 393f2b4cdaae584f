import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountDeletionRequests, auditLog, mailOutbox, sessions, users } from "@/lib/core/db/schema";
import { DEMO_DRIVER_EMAIL, DEMO_DRIVER_ID } from "@/emulators/platform";
import { serviceHarnessForSuite } from "../../support/service-harness";

const holder = vi.hoisted(() => ({ harness: null as unknown as import("./harness").ServiceHarness }));
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.harness.db.db }));

const {
  cancelAccountDeletion,
  carryOutAccountDeletion,
  declineAccountDeletion,
  DELETION_GRACE_DAYS,
  DeletionRefusedError,
  listOpenDeletionRequests,
  openDeletionRequestOf,
  requestAccountDeletion,
} = await import("@/lib/features/accounts/deletion");
const { hasAccount } = await import("@/lib/core/auth/known-account");
const { translatorFor } = await import("@/lib/core/i18n/translator");

/** A refusal as an English reader gets it: its message is a catalogue key with its values. */
const inEnglish = (error: unknown) => {
  const refusal = error as InstanceType<typeof DeletionRefusedError>;
  return translatorFor("en")(refusal.message as Parameters<ReturnType<typeof translatorFor>>[0], refusal.values);
};
const { linkPortalAccount } = await import("@/lib/core/auth/link-account");

const DAY = 24 * 60 * 60 * 1000;
const DRIVER = { userId: "u-demo", email: DEMO_DRIVER_EMAIL, platformUserId: DEMO_DRIVER_ID };
const SUPPORT = { userId: "u-support", email: "support@example.com" };

/** Deletion requests in both dialects: the real platform also disables the user; both block every card. */
describe.each(["contract", "ampeco"] as const)("account deletion requests (%s dialect)", (dialect) => {
  const h = serviceHarnessForSuite({ seams: holder, dialect });
  beforeEach(async () => {
    const db = h.db.db;
    for (const table of [accountDeletionRequests, auditLog, mailOutbox, sessions, users]) await db.delete(table);
    await db.insert(users).values([
      { id: "u-demo", email: DEMO_DRIVER_EMAIL, role: "driver", platformUserId: DEMO_DRIVER_ID },
      { id: "u-support", email: "support@example.com", role: "support" },
    ]);
    await db.insert(sessions).values({ sessionToken: "t-demo", userId: "u-demo", expires: new Date(Date.now() + DAY) });
  });

  const mailsTo = async (to: string) => h.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const audits = async () =>
    (await h.db.db.select().from(auditLog).orderBy(auditLog.id)).map((e) => [e.action, e.outcome, e.actorEmail]);

  it("a request waits out the grace period, is mailed to the driver, and one is made however often it is asked", async () => {
    const now = new Date("2026-11-24T10:00:00Z");
    const request = await requestAccountDeletion(DRIVER, now);
    expect(request.dueAt.getTime() - now.getTime()).toBe(DELETION_GRACE_DAYS * DAY);
    await requestAccountDeletion(DRIVER, new Date(now.getTime() + 1000));
    expect(await listOpenDeletionRequests()).toHaveLength(1);
    const [mail] = await mailsTo(DEMO_DRIVER_EMAIL);
    expect(mail?.text).toContain("you can cancel it on your account page");
    expect(await audits()).toEqual([["driver.deletion.request", "success", DEMO_DRIVER_EMAIL]]);
  });

  it("the driver cancels it; nothing is deleted, and there is nothing left to cancel", async () => {
    await requestAccountDeletion(DRIVER);
    await cancelAccountDeletion(DRIVER);
    expect(await openDeletionRequestOf("u-demo")).toBeNull();
    await expect(cancelAccountDeletion(DRIVER)).rejects.toThrow(DeletionRefusedError);
    expect((await h.db.db.select().from(users).where(eq(users.id, "u-demo"))).length).toBe(1);
  });

  it("cannot be carried out during the grace period", async () => {
    const request = await requestAccountDeletion(DRIVER);
    h.sent.length = 0;
    const refused = await carryOutAccountDeletion(request.id, SUPPORT, new Date(Date.now() + 13 * DAY)).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DeletionRefusedError);
    expect(inEnglish(refused)).toMatch(/can still cancel this request until/);
    expect(h.sent.filter((r) => r.method !== "GET")).toEqual([]);
    expect(await openDeletionRequestOf("u-demo")).not.toBeNull();
  });

  it("carried out after it: cards blocked (and the user disabled on the real platform), portal account and sessions gone, both steps audited", async () => {
    const request = await requestAccountDeletion(DRIVER, new Date(Date.now() - 15 * DAY));
    await carryOutAccountDeletion(request.id, SUPPORT);
    const state = await h.state();
    const cards = state.tokens.filter((t) => t.userId === DEMO_DRIVER_ID);
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((t) => t.status === "blocked")).toBe(true);
    const user = state.users.find((u) => u.id === DEMO_DRIVER_ID) as { status?: string } | undefined;
    if (dialect === "ampeco") expect(user?.status).toBe("disabled");
    expect(await h.db.db.select().from(users).where(eq(users.id, "u-demo"))).toEqual([]);
    expect(await h.db.db.select().from(sessions).where(eq(sessions.userId, "u-demo"))).toEqual([]);
    expect(await audits()).toEqual([
      ["driver.deletion.request", "success", DEMO_DRIVER_EMAIL],
      ["driver.deletion.platform", "success", "support@example.com"],
      ["driver.deletion.portal", "success", "support@example.com"],
    ]);
    const [closed] = await h.db.db.select().from(accountDeletionRequests);
    expect(closed).toMatchObject({ status: "done", userId: null, closedByEmail: "support@example.com" });
    await expect(carryOutAccountDeletion(request.id, SUPPORT)).rejects.toThrow(DeletionRefusedError);
  });

  it("the deleted account does not come back: on the real platform its disabled user gets no sign-in link and is never linked again", async () => {
    const request = await requestAccountDeletion(DRIVER, new Date(Date.now() - 15 * DAY));
    await carryOutAccountDeletion(request.id, SUPPORT);
    // The contract has no user status: its platform user stays, and a sign-in starts a new portal account.
    expect(await hasAccount(DEMO_DRIVER_EMAIL)).toBe(dialect === "contract");
    await h.db.db.insert(users).values({ id: "u-again", email: DEMO_DRIVER_EMAIL, role: "driver" });
    await linkPortalAccount("u-again", DEMO_DRIVER_EMAIL);
    const [again] = await h.db.db.select().from(users).where(eq(users.id, "u-again"));
    expect(again?.platformUserId).toBe(dialect === "contract" ? DEMO_DRIVER_ID : null);
  });

  it("declined with a reason, which the driver is mailed; the account stays", async () => {
    const request = await requestAccountDeletion(DRIVER);
    await declineAccountDeletion(request.id, SUPPORT, "Open invoice of €12.40 first");
    const mails = await mailsTo(DEMO_DRIVER_EMAIL);
    expect(mails.map((m) => m.subject)).toContain("Your Driver Portal account deletion request was declined");
    expect(mails.find((m) => m.subject.includes("declined"))?.text).toContain("Open invoice of €12.40 first");
    expect(await openDeletionRequestOf("u-demo")).toBeNull();
    expect((await h.db.db.select().from(users).where(eq(users.id, "u-demo"))).length).toBe(1);
    expect((await audits()).at(-1)).toEqual(["driver.deletion.decline", "success", "support@example.com"]);
  });
});
