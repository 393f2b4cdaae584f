import "server-only";
import type { FieldErrors } from "@/lib/forms/action-result";
import { getPlatform } from "@/lib/platform";
import {
  PlatformNotFoundError,
  PlatformRateLimitedError,
  PlatformUnavailableError,
  PlatformValidationError,
  VoucherRejectedError,
} from "@/lib/platform/errors";
import { consumeRateLimit, RATE_LIMITS } from "@/lib/rate-limit";
import { VoucherCodeSchema } from "./voucher-code";
import { logger } from "@/lib/log";

const log = logger("vouchers");

export type VoucherFailure = "rejected" | "invalid" | "not-found" | "rate-limited" | "unavailable" | "limited";

export type VoucherOutcome =
  | { status: "accepted" }
  | { status: VoucherFailure; message: string; retryAfterSeconds?: number; fieldErrors?: FieldErrors };

/** The words a driver reads for each outcome; tests and the admin area quote the same ones. */
export const VOUCHER_MESSAGES = {
  rejected: "This voucher is invalid, already used or not applicable.",
  invalidFromPlatform: "The charging service did not accept this code. Check it and try again.",
  notFound:
    "We could not find your charging account, so the voucher was not redeemed. Please contact support and mention this voucher code.",
  unavailable:
    "The charging service did not answer, so we cannot tell whether the voucher was redeemed. Check your balance in a minute before you try again.",
  failed: "We could not redeem the voucher right now. Try again in a moment, or contact support if it keeps happening.",
} as const;

const seconds = (n: number) => `${n} second${n === 1 ? "" : "s"}`;

export function platformBusyMessage(retryAfterSeconds: number): string {
  return `The charging service is busy. Try again in ${seconds(retryAfterSeconds)}.`;
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = retryAfterSeconds < 60 ? seconds(retryAfterSeconds) : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `Too many voucher attempts. For your account's safety, try again in ${wait}.`;
}

/**
 * Redeems a voucher on the TARGET driver's account. Attempts are counted per `limiterSubject` in
 * the database before the platform is asked, so codes cannot be guessed through the portal: an
 * attempt over the limit never reaches the platform. A 202 means accepted; the credit follows
 * later (read the user for the new balance). Never retried: money moves.
 */
export async function redeemVoucherForDriver(
  platformUserId: number,
  code: string,
  limiterSubject: string,
): Promise<VoucherOutcome> {
  const parsed = VoucherCodeSchema.safeParse(code);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Enter the voucher code.";
    return { status: "invalid", message, fieldErrors: { code: [message] } };
  }

  const limit = await consumeRateLimit("voucher", limiterSubject, RATE_LIMITS.voucherPerDriver);
  if (!limit.allowed)
    return {
      status: "limited",
      message: tooManyAttemptsMessage(limit.retryAfterSeconds),
      retryAfterSeconds: limit.retryAfterSeconds,
    };

  try {
    await getPlatform().vouchers.redeemVoucher(platformUserId, parsed.data);
    return { status: "accepted" };
  } catch (error) {
    return outcomeOfError(error);
  }
}

function outcomeOfError(error: unknown): VoucherOutcome {
  if (error instanceof VoucherRejectedError) return { status: "rejected", message: VOUCHER_MESSAGES.rejected };
  if (error instanceof PlatformValidationError) {
    // Only the code is sent, so any field message belongs to the code field.
    const platformMessages = Object.values(error.fieldErrors).flat();
    const message = platformMessages[0] ?? VOUCHER_MESSAGES.invalidFromPlatform;
    return { status: "invalid", message, fieldErrors: { code: [message] } };
  }
  if (error instanceof PlatformNotFoundError) return { status: "not-found", message: VOUCHER_MESSAGES.notFound };
  if (error instanceof PlatformRateLimitedError) {
    const retryAfterSeconds = Math.max(1, Math.ceil(error.retryAfterSeconds ?? 30));
    return { status: "rate-limited", message: platformBusyMessage(retryAfterSeconds), retryAfterSeconds };
  }
  if (error instanceof PlatformUnavailableError)
    return { status: "unavailable", message: VOUCHER_MESSAGES.unavailable };
  // 401/403/odd answers: the portal's problem, not the driver's. Logged without personal data.
  log.error("redeem failed", error);
  return { status: "unavailable", message: VOUCHER_MESSAGES.failed };
}
