"use server";
import "server-only";
import { driverForAction, isRefusal } from "@/lib/auth/guards";
import type { ActionResult } from "@/lib/forms/action-result";
import { consumeRateLimit, type RateLimitRule } from "@/lib/rate-limit";
import { isPlatformError } from "@/lib/platform/errors";
import { platformErrorMessage } from "@/lib/platform-errors-to-messages";
import { startDriverPasswordReset } from "./password-reset";

/** Each reset mails the driver; a handful per quarter hour is plenty and stops a mail flood. */
const RESETS_PER_DRIVER: RateLimitRule = { limit: 3, windowSeconds: 15 * 60 };

export async function startPasswordResetAction(_previous: ActionResult): Promise<ActionResult> {
  const viewer = await driverForAction();
  if (isRefusal(viewer)) return viewer;

  const limit = await consumeRateLimit("password-reset", `platform-user:${viewer.platformUserId}`, RESETS_PER_DRIVER);
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    return { status: "error", message: `A reset e-mail was already sent several times. Check your inbox and spam folder, or try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` };
  }

  try {
    await startDriverPasswordReset(viewer.platformUserId);
  } catch (error) {
    console.error("[password-reset] failed", isPlatformError(error) ? error.message : error instanceof Error ? error.name : "unknown");
    return { status: "error", message: platformErrorMessage(error, "start the password reset") };
  }
  return {
    status: "ok",
    message: `A mail is on its way to ${viewer.email} with a link to choose a new app password. It can take a few minutes; check your spam folder too.`,
  };
}
