import "server-only";
import { randomBytes } from "node:crypto";
import { auditErrorText, recordAudit, withAudit } from "@/lib/audit";
import type { Viewer } from "@/lib/auth/viewer";
import { createDriverOnce, type CreateDriverOutcome } from "@/lib/accounts/create-driver-once";
import { startDriverPasswordReset } from "@/lib/accounts/password-reset";
import type { AdminCreateDriverInput } from "./create-driver-input";

export interface CreatedDriver {
  outcome: CreateDriverOutcome;
  /** Whether the platform was asked to mail a reset link (random password mode). */
  passwordReset: "started" | "failed" | "not-needed";
}

/** 24 random bytes: nobody knows it; the driver sets their own through the platform's reset mail. */
export function randomPlatformPassword(): string {
  return randomBytes(24).toString("base64url");
}

/**
 * Creates the driver exactly once (the same guarantees as sign-up), then, in random-password mode,
 * starts the platform's password reset. Each step is audited; the password never is.
 */
export async function createDriverForStaff(actor: Viewer, input: AdminCreateDriverInput): Promise<CreatedDriver> {
  const { passwordMode, password, sendSignInLink: _link, ...profile } = input;
  const platformPassword = passwordMode === "set" && password ? password : randomPlatformPassword();

  // Keys named like "password" are dropped by the audit log, so the choice is recorded in other words.
  const details = { email: profile.email, appLoginSetBy: passwordMode === "set" ? "staff, as the driver asked" : "driver, through the reset mail" };
  let outcome: CreateDriverOutcome;
  try {
    outcome = await createDriverOnce({ ...profile, password: platformPassword });
  } catch (error) {
    await recordAudit({ actor, action: "driver.create", outcome: "failure", details, error: auditErrorText(error) });
    throw error;
  }
  // "exists" created nothing: kept as a failure, pointing at the driver who already has the address.
  await recordAudit({
    actor,
    action: "driver.create",
    targetPlatformUserId: outcome.platformUserId,
    outcome: outcome.kind === "exists" ? "failure" : "success",
    details: { ...details, outcome: outcome.kind },
    error: outcome.kind === "exists" ? "A driver with this e-mail address already exists." : undefined,
  });

  // "joined": a concurrent or double submit did the creation and its follow-ups; never mail twice.
  if (outcome.kind !== "created" || passwordMode === "set") return { outcome, passwordReset: "not-needed" };
  try {
    await withAudit(actor, "driver.password-reset.start", { targetPlatformUserId: outcome.platformUserId }, () => startDriverPasswordReset(outcome.platformUserId), {
      reason: "new driver with a random password",
    });
    return { outcome, passwordReset: "started" };
  } catch (error) {
    console.error("[admin] password reset after create failed", error instanceof Error ? error.name : "unknown");
    return { outcome, passwordReset: "failed" };
  }
}
