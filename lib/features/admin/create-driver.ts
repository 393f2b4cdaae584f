import "server-only";
import { randomBytes } from "node:crypto";
import { auditErrorText, recordAudit, withAudit } from "@/lib/core/audit";
import { auditReasonOf } from "@/lib/core/audit-reason";
import type { Viewer } from "@/lib/core/auth/viewer";
import { createDriverOnce, type CreateDriverOutcome } from "@/lib/features/accounts";
import { mailAppPasswordLink, platformSetsAppPassword } from "@/lib/features/accounts";
import { startDriverPasswordReset } from "@/lib/features/accounts";
import { siteOrigin } from "@/lib/core/auth/site-origin";
import type { AdminCreateDriverInput } from "./schemas";
import { logger } from "@/lib/core/log";

const log = logger("admin");

export interface CreatedDriver {
  outcome: CreateDriverOutcome;
  /**
   * Random password mode: the platform was asked to mail a reset link (contract: "started"), or, where it
   * mails none (ampeco), the portal mailed its own link to set the app password ("link-mailed").
   */
  passwordReset: "started" | "link-mailed" | "failed" | "not-needed";
}

/** 24 random bytes: nobody knows it; the driver sets their own through the reset mail or the portal's link. */
export function randomPlatformPassword(): string {
  return randomBytes(24).toString("base64url");
}

/**
 * Creates the driver exactly once, then starts a reset (contract) or mails the portal's app-password link (ampeco). Each
 * step is audited; the password never is.
 */
export async function createDriverForStaff(
  actor: Viewer,
  input: AdminCreateDriverInput,
  origin: () => Promise<string> = siteOrigin,
): Promise<CreatedDriver> {
  const byLink = platformSetsAppPassword();
  const { passwordMode, password, sendSignInLink: _link, ...profile } = input;
  const platformPassword = passwordMode === "set" && password ? password : randomPlatformPassword();

  // Keys named like "password" are dropped by the audit log, so the choice is recorded in other words.
  const details = {
    email: profile.email,
    appLoginSetBy:
      passwordMode === "set"
        ? "staff, as the driver asked"
        : byLink
          ? "driver, through the portal's link"
          : "driver, through the reset mail",
  };
  let outcome: CreateDriverOutcome;
  try {
    outcome = await createDriverOnce({ ...profile, password: platformPassword });
  } catch (error) {
    const failure = {
      outcome: "failure",
      details,
      error: auditErrorText(error),
      reason: auditReasonOf(error),
    } as const;
    await recordAudit({ actor, action: "driver.create", ...failure });
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
    reason: outcome.kind === "exists" ? "taken" : undefined,
  });

  // "joined": a concurrent or double submit did the creation and its follow-ups; never mail twice.
  if (outcome.kind !== "created" || passwordMode === "set") return { outcome, passwordReset: "not-needed" };
  const driver = { platformUserId: outcome.platformUserId, email: profile.email };
  try {
    if (byLink) {
      const linkOrigin = await origin();
      await withAudit({
        actor,
        action: "driver.app-password-link.send",
        targetPlatformUserId: outcome.platformUserId,
        run: () => mailAppPasswordLink(driver, linkOrigin),
        details: { reason: "new driver with a random password" },
      });
      return { outcome, passwordReset: "link-mailed" };
    }
    await withAudit({
      actor,
      action: "driver.password-reset.start",
      targetPlatformUserId: outcome.platformUserId,
      run: () => startDriverPasswordReset(outcome.platformUserId),
      details: { reason: "new driver with a random password" },
    });
    return { outcome, passwordReset: "started" };
  } catch (error) {
    log.error(byLink ? "app-password link after create failed" : "password reset after create failed", error);
    return { outcome, passwordReset: "failed" };
  }
}
