import "server-only";
import { toFieldErrors, type FieldErrors } from "@/lib/core/actions/action-result";
import type { MessageKey, Translator } from "@/lib/core/i18n/translator";
import { getPlatform } from "@/lib/platform";
import {
  PlatformNotFoundError,
  PlatformRateLimitedError,
  PlatformUnavailableError,
  PlatformValidationError,
  VoucherRejectedError,
} from "@/lib/platform/errors";
import { retryAfterSeconds as platformRetryAfter } from "@/lib/core/platform-errors-to-messages";
import { consumeRateLimit, RATE_LIMITS } from "@/lib/core/rate-limit";
import { VoucherCodeSchema } from "./voucher-code";
import { logger } from "@/lib/core/log";

const log = logger("vouchers");

export type VoucherFailure = "rejected" | "invalid" | "not-found" | "rate-limited" | "unavailable" | "limited";

export type VoucherOutcome =
  | { status: "accepted" }
  | { status: VoucherFailure; message: string; retryAfterSeconds?: number; fieldErrors?: FieldErrors };

/** The catalogue keys of what a driver reads for each outcome; tests and the admin area quote the same ones. */
export const VOUCHER_MESSAGES = {
  rejected: "vouchers.errors.rejected",
  invalidFromPlatform: "vouchers.errors.invalidFromPlatform",
  notFound: "vouchers.errors.notFound",
  unavailable: "vouchers.errors.unavailable",
} as const satisfies Record<string, MessageKey>;

function tooManyAttemptsMessage(t: Translator, retryAfterSeconds: number): string {
  return retryAfterSeconds < 60
    ? t("vouchers.errors.tooManyAttemptsSeconds", { seconds: retryAfterSeconds })
    : t("vouchers.errors.tooManyAttemptsMinutes", { minutes: Math.ceil(retryAfterSeconds / 60) });
}

/**
 * Attempts are counted before the platform is asked, so codes cannot be guessed through the portal. 202 means accepted,
 * credit later. Never retried: money moves.
 */
export async function redeemVoucherForDriver(
  platformUserId: number,
  code: string,
  limiterSubject: string,
  t: Translator,
): Promise<VoucherOutcome> {
  const parsed = VoucherCodeSchema.safeParse(code);
  if (!parsed.success) {
    // The schema checks a bare string: its one message is the code field's.
    const [message = t("vouchers.validation.required")] = Object.values(toFieldErrors(parsed.error.issues, t)).flat();
    return { status: "invalid", message, fieldErrors: { code: [message] } };
  }

  const limit = await consumeRateLimit("voucher", limiterSubject, RATE_LIMITS.voucherPerDriver);
  if (!limit.allowed)
    return {
      status: "limited",
      message: tooManyAttemptsMessage(t, limit.retryAfterSeconds),
      retryAfterSeconds: limit.retryAfterSeconds,
    };

  try {
    await getPlatform().vouchers.redeemVoucher(platformUserId, parsed.data);
    return { status: "accepted" };
  } catch (error) {
    if (error instanceof PlatformNotFoundError) return notFoundOutcome(platformUserId, t);
    return outcomeOfError(error, t);
  }
}

/**
 * A 404 on redeem-voucher: the platform does not say whether the user or the code was not found.
 * The user is read to tell: when the account is there, it was the voucher that was refused.
 */
async function notFoundOutcome(platformUserId: number, t: Translator): Promise<VoucherOutcome> {
  try {
    await getPlatform().users.getUser(platformUserId);
    return { status: "rejected", message: t(VOUCHER_MESSAGES.rejected) };
  } catch (error) {
    return outcomeOfError(error, t);
  }
}

function outcomeOfError(error: unknown, t: Translator): VoucherOutcome {
  if (error instanceof VoucherRejectedError) return { status: "rejected", message: t(VOUCHER_MESSAGES.rejected) };
  if (error instanceof PlatformValidationError) {
    // Only the code is sent, so any field message belongs to the code field.
    const platformMessages = Object.values(error.fieldErrors).flat();
    const message = platformMessages[0] ?? t(VOUCHER_MESSAGES.invalidFromPlatform);
    return { status: "invalid", message, fieldErrors: { code: [message] } };
  }
  if (error instanceof PlatformNotFoundError) return { status: "not-found", message: t(VOUCHER_MESSAGES.notFound) };
  if (error instanceof PlatformRateLimitedError) {
    const retryAfterSeconds = platformRetryAfter(error);
    return {
      status: "rate-limited",
      message: t("platformErrors.busy", { seconds: retryAfterSeconds }),
      retryAfterSeconds,
    };
  }
  if (error instanceof PlatformUnavailableError)
    return { status: "unavailable", message: t(VOUCHER_MESSAGES.unavailable) };
  // 401/403/odd answers: the portal's problem, not the driver's. Logged without personal data.
  log.error("redeem failed", error);
  return { status: "unavailable", message: t("platformErrors.failed", { doing: t("vouchers.doing.redeem") }) };
}
