import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { DEMO_DRIVER_ID, NEW_DRIVER_ID } from "@/emulators/platform";
import { RATE_LIMITS } from "@/lib/core/rate-limit";
import { rateLimitCounters } from "@/lib/core/db/schema";
import { sentTo } from "./harness";
import { serviceHarnessForSuite } from "../../support/service-harness";
import { holdClockStill } from "../../support/still-clock";

const holder = vi.hoisted(() => ({ harness: null as unknown as import("./harness").ServiceHarness }));
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.harness.db.db }));

const { redeemVoucherForDriver: redeemService } = await import("@/lib/features/vouchers/redeem");
const { VOUCHER_MESSAGES, VoucherError } = await import("@/lib/features/vouchers/errors");
const { translatorFor } = await import("@/lib/core/i18n/translator");
type Translator = import("@/lib/core/i18n/translator").Translator;

/** The failures' messages in English, the words these tests check. */
const t = translatorFor("en");

/**
 * The service resolves or throws a VoucherError; this reads either as the outcome a driver gets, worded as the action
 * helper words a coded error (its key in `words`, a field's error in the platform's own words if it gave any).
 */
async function redeemIn(platformUserId: number, code: string, subject: string, words: Translator) {
  try {
    await redeemService(platformUserId, code, subject);
    return { status: "accepted" } as const;
  } catch (error) {
    if (!(error instanceof VoucherError)) throw error;
    const message = error.blame?.said ?? words(error.key, error.values);
    const fieldErrors = error.blame ? { fieldErrors: { [error.blame.field]: [message] } } : {};
    return { status: error.failure, message, ...fieldErrors };
  }
}
const redeemVoucherForDriver = (platformUserId: number, code: string, subject: string) =>
  redeemIn(platformUserId, code, subject, t);

const h = serviceHarnessForSuite({ seams: holder });
let subjectNo = 0;
/** A fresh limiter subject per test, so attempts of one test never count against another. */
const freshSubject = () => `test-driver-${++subjectNo}`;
const REDEEM = /\/redeem-voucher$/;

describe("redeemVoucherForDriver", () => {
  it("its refusals carry keys the reader's language words", async () => {
    const outcome = await redeemIn(DEMO_DRIVER_ID, "USED-2025", freshSubject(), translatorFor("nl"));
    expect(outcome).toEqual({ status: "rejected", message: translatorFor("nl")(VOUCHER_MESSAGES.rejected) });
    expect(outcome.status === "rejected" && outcome.message).toMatch(/^Deze voucher is ongeldig/);
    const tooLong = await redeemIn(DEMO_DRIVER_ID, "A".repeat(65), freshSubject(), translatorFor("de"));
    expect(tooLong).toMatchObject({ fieldErrors: { code: ["Ein Gutscheincode hat höchstens 64 Zeichen."] } });
  });

  it("accepted on 202; the credit then shows on the user read", async () => {
    await h.control("POST", "/vouchers", { code: "FRESH-1", amount: 7.5 });
    expect(await redeemVoucherForDriver(NEW_DRIVER_ID, " fresh-1 ", freshSubject())).toEqual({ status: "accepted" });
    expect(sentTo(h, "POST", REDEEM)[0]?.body).toEqual({ code: "fresh-1" });
    await expect.poll(() => h.client.users.getUser(NEW_DRIVER_ID)).toMatchObject({ balance: 7.5, currency: "EUR" });
  });

  it("406 → rejected: used, expired, another account's and (by default) unknown are one answer, worded as such", async () => {
    for (const code of ["USED-2025", "EXPIRED-2024", "FLEET-ONLY", "NO-SUCH-CODE"]) {
      expect(await redeemVoucherForDriver(DEMO_DRIVER_ID, code, freshSubject())).toEqual({
        status: "rejected",
        message: t(VOUCHER_MESSAGES.rejected),
      });
    }
    // Neither platform's 406 says which, so the words say so and what to do.
    expect(t(VOUCHER_MESSAGES.rejected)).toMatch(/^This voucher is invalid, already used or not applicable/);
    expect(t(VOUCHER_MESSAGES.rejected)).toMatch(/does not say which: check the code.*ask whoever gave you/);
  });

  it("422 → invalid with the field error on the code", async () => {
    await h.control("PUT", "/faults", { rules: [{ method: "POST", path: "redeem-voucher", status: 422, times: 1 }] });
    const outcome = await redeemVoucherForDriver(DEMO_DRIVER_ID, "WELCOME10", freshSubject());
    expect(outcome).toMatchObject({
      status: "invalid",
      fieldErrors: { code: [t(VOUCHER_MESSAGES.invalidFromPlatform)] },
    });
  });

  it("404 (no such user) → not-found with a support message", async () => {
    const outcome = await redeemVoucherForDriver(987_654, "WELCOME10", freshSubject());
    expect(outcome).toEqual({ status: "not-found", message: t(VOUCHER_MESSAGES.notFound) });
    expect(outcome.status === "not-found" && outcome.message).toMatch(/contact support/);
  });

  it("issue 36: an unknown code is told apart where the platform answers it with 404 (ampeco), the general refusal on the contract", async () => {
    await h.control("PUT", "/settings", { unknownVoucherStatus: 404 });
    const outcome = await redeemIn(DEMO_DRIVER_ID, "NO-SUCH-CODE", freshSubject(), translatorFor("de"));
    if (h.dialect === "ampeco") {
      expect(outcome).toEqual({ status: "unknown", message: translatorFor("de")(VOUCHER_MESSAGES.unknown) });
      expect(outcome.status === "unknown" && outcome.message).toMatch(
        /^Der Ladedienst kennt diesen Gutscheincode nicht/,
      );
      // The 404 was the platform's answer, and the user was read to tell which record it meant.
      expect(sentTo(h, "GET", h.wire.userPath(DEMO_DRIVER_ID))).toHaveLength(1);
    } else {
      // The contract's 404 is "user does not exist" only: an unknown code stays a 406.
      expect(outcome).toEqual({ status: "rejected", message: translatorFor("de")(VOUCHER_MESSAGES.rejected) });
    }
    expect(h.sent.filter((r) => REDEEM.test(r.path)).length).toBe(1);
    // Used, expired and another account's stay one 406 under the same setting: no platform tells them apart.
    for (const code of ["USED-2025", "EXPIRED-2024", "FLEET-ONLY"]) {
      expect((await redeemVoucherForDriver(DEMO_DRIVER_ID, code, freshSubject())).status).toBe("rejected");
    }
    // An unknown user still reads as not found, under the same setting.
    expect(await redeemVoucherForDriver(987_654, "NO-SUCH-CODE", freshSubject())).toEqual({
      status: "not-found",
      message: t(VOUCHER_MESSAGES.notFound),
    });
  });

  it("429 after the client's retries → rate-limited with the wait in seconds", async () => {
    await h.control("PUT", "/faults", { rules: [{ method: "POST", path: "redeem-voucher", status: 429, times: 4 }] });
    const outcome = await redeemVoucherForDriver(DEMO_DRIVER_ID, "WELCOME10", freshSubject());
    expect(outcome).toEqual({
      status: "rate-limited",
      message: "The charging service is busy. Try again in 1 second.",
    });
    // Nothing was redeemed: the voucher is still valid.
    const state = await h.control("GET", "/state");
    expect(state.vouchers.find((v: { code: string }) => v.code === "WELCOME10").status).toBe("valid");
  });

  it("5xx → unavailable, and the POST is never sent twice", async () => {
    await h.control("PUT", "/faults", { rules: [{ method: "POST", path: "redeem-voucher", status: 503, times: 5 }] });
    const outcome = await redeemVoucherForDriver(DEMO_DRIVER_ID, "WELCOME10", freshSubject());
    expect(outcome).toEqual({ status: "unavailable", message: t(VOUCHER_MESSAGES.unavailable) });
    expect(sentTo(h, "POST", REDEEM)).toHaveLength(1);
  });

  it("a malformed code is refused locally and costs no attempt", async () => {
    const subject = freshSubject();
    for (const code of ["", "   ", "<script>", "ab cd", "A".repeat(65)]) {
      expect(await redeemVoucherForDriver(DEMO_DRIVER_ID, code, subject)).toMatchObject({
        status: "invalid",
        fieldErrors: { code: [expect.any(String)] },
      });
    }
    expect(await redeemVoucherForDriver(DEMO_DRIVER_ID, "A".repeat(65), subject)).toMatchObject({
      fieldErrors: { code: ["A voucher code has at most 64 characters."] },
    });
    expect(sentTo(h, "POST", REDEEM)).toHaveLength(0);
    expect(await h.db.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.subject, subject))).toHaveLength(
      0,
    );
  });

  it("the 11th attempt in the window is refused without reaching the platform; other drivers are unaffected", async () => {
    const subject = freshSubject();
    const { limit } = RATE_LIMITS.voucherPerDriver;
    holdClockStill();
    let refused;
    try {
      for (let i = 0; i < limit; i++) {
        expect((await redeemVoucherForDriver(DEMO_DRIVER_ID, `GUESS-${i}`, subject)).status).toBe("rejected");
      }
      refused = await redeemVoucherForDriver(DEMO_DRIVER_ID, "WELCOME10", subject);
    } finally {
      vi.useRealTimers();
    }
    expect(refused).toMatchObject({ status: "limited", message: expect.stringMatching(/^Too many voucher attempts/) });
    expect(Number(/in (\d+)/.exec(refused.status === "limited" ? refused.message : "")?.[1])).toBeGreaterThan(0);
    expect(refused.status === "limited" && refused.message).toMatch(/try again in \d+ (second|minute)s?\.$/);
    expect(sentTo(h, "POST", REDEEM)).toHaveLength(limit);
    // The valid voucher was not spent by the refused attempt…
    const state = await h.control("GET", "/state");
    expect(state.vouchers.find((v: { code: string }) => v.code === "WELCOME10").status).toBe("valid");
    // …and another driver can still redeem.
    expect(await redeemVoucherForDriver(NEW_DRIVER_ID, "WELCOME10", freshSubject())).toEqual({ status: "accepted" });
  });
});
