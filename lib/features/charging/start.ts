import "server-only";
import { consumeRateLimit, RATE_LIMITS } from "@/lib/core/rate-limit";
import { retryAfterSeconds } from "@/lib/core/platform-errors-to-messages";
import { logger } from "@/lib/core/log";
import {
  PlatformForbiddenError,
  PlatformNotFoundError,
  PlatformRateLimitedError,
  PlatformUnavailableError,
  PlatformValidationError,
} from "@/lib/platform/errors";
import type { StartRefusalCode } from "@/lib/platform/types";
import { rememberSessionOwnership, type SessionDeps } from "@/lib/features/sessions";
import { chargingApiOf, defaultChargingDeps, type ChargingDeps } from "./deps";
import { ChargingError } from "./errors";
import { BALANCE_CHOICE } from "./shared";

export interface StartRequest {
  evseId: number;
  /** BALANCE_CHOICE, or the id of one of the driver's payment methods. */
  payment: string;
}

/** The driver's session on that EVSE: the new one, or the one already running (`alreadyRunning`). */
export interface StartedCharge {
  sessionId: string;
  alreadyRunning: boolean;
}

/** How long to wait, in the words of the limit that refused. */
function tooManyStarts(seconds: number): ChargingError {
  return seconds < 60
    ? new ChargingError("charging-limited", "charging.start.errors.tooManySeconds", { seconds })
    : new ChargingError("charging-limited", "charging.start.errors.tooManyMinutes", {
        minutes: Math.ceil(seconds / 60),
      });
}

const refusal = (code: StartRefusalCode | null) =>
  new ChargingError(
    "charging-refused",
    code === null ? "charging.start.refused.other" : `charging.start.refused.${code}`,
  );

/**
 * Starts a charge for the driver, counted before the platform is asked. A second running start is refused by the
 * platform, and that refusal (or a lost answer) leads to the charge already running: one session however often. */
export async function startCharging(
  platformUserId: number,
  request: StartRequest,
  deps: ChargingDeps = defaultChargingDeps(),
): Promise<StartedCharge> {
  const charging = chargingApiOf(deps);
  const { sessions } = deps;
  const limit = await consumeRateLimit(
    "charge-start",
    `platform-user:${platformUserId}`,
    RATE_LIMITS.chargeStartPerDriver,
  );
  if (!limit.allowed) throw tooManyStarts(limit.retryAfterSeconds);

  const paymentMethodId = request.payment === BALANCE_CHOICE ? null : request.payment;
  let outcome;
  try {
    outcome = await charging.startSession(request.evseId, { userId: platformUserId, paymentMethodId });
  } catch (error) {
    if (error instanceof PlatformUnavailableError) {
      // The start may have gone through with its answer lost: a running session says so.
      const running = await runningSession(sessions, platformUserId);
      if (running) return { sessionId: running, alreadyRunning: true };
      throw new ChargingError("charging-unavailable", "charging.start.errors.unavailable");
    }
    throw startErrorOf(error);
  }
  if (outcome.started) {
    await rememberSessionOwnership(platformUserId, [outcome.sessionId], sessions);
    return { sessionId: outcome.sessionId, alreadyRunning: false };
  }
  if (outcome.code === "SESSION_ALREADY_RUNNING") {
    const running = await runningSession(sessions, platformUserId);
    if (running) return { sessionId: running, alreadyRunning: true };
  }
  throw refusal(outcome.code);
}

async function runningSession(deps: SessionDeps, platformUserId: number) {
  try {
    const [running] = await deps.platform.sessions.listRunningSessions(platformUserId);
    if (!running) return null;
    await rememberSessionOwnership(platformUserId, [running.id], deps);
    return running.id;
  } catch (error) {
    logger("charging").warn("reading the running session after a start failed", error);
    return null;
  }
}

function startErrorOf(error: unknown): unknown {
  if (error instanceof PlatformNotFoundError)
    return new ChargingError("charging-not-found", "charging.start.errors.notFound");
  if (error instanceof PlatformForbiddenError)
    return new ChargingError("charging-forbidden", "charging.start.errors.forbidden");
  // Only the user and the payment method are sent: a 422 is about the way to pay.
  if (error instanceof PlatformValidationError)
    return new ChargingError("charging-invalid", "charging.start.errors.invalidPayment");
  if (error instanceof PlatformRateLimitedError)
    return new ChargingError("charging-limited", "platformErrors.busy", { seconds: retryAfterSeconds(error) });
  return error;
}
