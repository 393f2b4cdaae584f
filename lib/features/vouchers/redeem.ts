import "server-only";
import { issueWords } from "@/lib/core/actions/action-result";
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
import { VOUCHER_MESSAGES, VoucherError } from "./errors";

function tooManyAttempts(retryAfterSeconds: number): VoucherError {
  return retryAfterSeconds < 60
    ? new VoucherError("limited", "vouchers.errors.tooManyAttemptsSeconds", { seconds: retryAfterSeconds })
    : new VoucherError("limited", "vouchers.errors.tooManyAttemptsMinutes", {
        minutes: Math.ceil(retryAfterSeconds / 60),
      });
}

/**
 * Attempts are counted before the platform is asked, so codes cannot be guessed through the portal. 202 means accepted,
 * credit later. Never retried: money moves. A refusal is thrown as a VoucherError.
 */
export async function redeemVoucherForDriver(
  platformUserId: number,
  code: string,
  limiterSubject: string,
): Promise<void> {
  const parsed = VoucherCodeSchema.safeParse(code);
  if (!parsed.success) {
    // The schema checks a bare string: its one message is the code field's.
    const { key, values } = issueWords(parsed.error.issues[0] ?? { message: "vouchers.validation.required" });
    throw new VoucherError("invalid", key, values, { field: "code" });
  }

  const limit = await consumeRateLimit("voucher", limiterSubject, RATE_LIMITS.voucherPerDriver);
  if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);

  try {
    await getPlatform().vouchers.redeemVoucher(platformUserId, parsed.data);
  } catch (error) {
    if (error instanceof PlatformNotFoundError) return unknownOrNoDriver(platformUserId);
    throw voucherErrorOf(error);
  }
}

/**
 * A 404 on redeem-voucher: AMPECO does not say whether the user or the code was not found (the contract's 404 is the
 * user's alone). The user is read to tell: when the account is there, the platform does not know the code.
 */
async function unknownOrNoDriver(platformUserId: number): Promise<never> {
  try {
    await getPlatform().users.getUser(platformUserId);
  } catch (error) {
    throw voucherErrorOf(error);
  }
  throw new VoucherError("unknown", VOUCHER_MESSAGES.unknown);
}

/** A platform failure as the driver's refusal; anything else (401/403/odd answers) stays unexpected for the helper to log. */
function voucherErrorOf(error: unknown): unknown {
  // A 406 has no body schema in either dialect: used, expired, another account's (and unknown, mostly) are one answer.
  if (error instanceof VoucherRejectedError) return new VoucherError("rejected", VOUCHER_MESSAGES.rejected);
  if (error instanceof PlatformValidationError) {
    // Only the code is sent, so any field message belongs to the code field.
    const said = Object.values(error.fieldErrors).flat()[0];
    return new VoucherError("invalid", VOUCHER_MESSAGES.invalidFromPlatform, {}, { field: "code", said });
  }
  if (error instanceof PlatformNotFoundError) return new VoucherError("not-found", VOUCHER_MESSAGES.notFound);
  if (error instanceof PlatformRateLimitedError)
    return new VoucherError("rate-limited", "platformErrors.busy", { seconds: platformRetryAfter(error) });
  if (error instanceof PlatformUnavailableError) return new VoucherError("unavailable", VOUCHER_MESSAGES.unavailable);
  return error;
}
