"use server";
import "server-only";
import { signIn } from "@/lib/auth";
import { SignUpInProgressError } from "@/lib/accounts/create-driver-once";
import { formValues, toFieldErrors, type ActionResult } from "@/lib/forms/action-result";
import { isPlatformError, PlatformValidationError } from "@/lib/platform/errors";
import { platformErrorMessage, platformFieldErrors } from "@/lib/platform-errors-to-messages";
import { withAudit } from "@/lib/audit";
import { checkStaff } from "../action-guard";
import { createDriverForStaff } from "../create-driver";
import { AdminCreateDriverInput } from "../create-driver-input";

export interface CreateDriverData {
  kind: "created" | "joined" | "exists";
  platformUserId: number;
  passwordReset: "started" | "failed" | "not-needed";
  signInLink: "sent" | "failed" | "not-requested";
}

/** Staff create a driver: exactly once per e-mail, optionally mailing the driver a portal sign-in link. */
export async function createDriverAction(_previous: ActionResult<CreateDriverData>, formData: FormData): Promise<ActionResult<CreateDriverData>> {
  const check = await checkStaff("support", "driver.create");
  if (!check.ok) return check.result;
  const { actor } = check;
  // The password is never echoed back (the form keeps it client-side) nor logged.
  const values = formValues(formData, ["password"]);
  const parsed = AdminCreateDriverInput.safeParse({ ...values, password: formData.get("password") ?? undefined });
  if (!parsed.success) return { status: "invalid", fieldErrors: toFieldErrors(parsed.error.issues), message: "Please correct the marked fields.", values };
  const input = parsed.data;

  let created;
  try {
    created = await createDriverForStaff(actor, input);
  } catch (error) {
    if (error instanceof SignUpInProgressError) {
      return { status: "error", message: "Another request is creating a driver with this e-mail right now. Search for the address in a minute.", values };
    }
    if (error instanceof PlatformValidationError) {
      return { status: "invalid", fieldErrors: platformFieldErrors(error), message: "The charging service refused some fields. Please correct them.", values };
    }
    console.error("[admin] create driver failed", isPlatformError(error) ? error.message : error instanceof Error ? error.name : "unknown");
    return { status: "error", message: platformErrorMessage(error, "create the driver"), values };
  }

  const { outcome, passwordReset } = created;
  if (outcome.kind === "exists") {
    return {
      status: "ok",
      data: { kind: "exists", platformUserId: outcome.platformUserId, passwordReset, signInLink: "not-requested" },
      message: `A driver with ${input.email} already exists (platform user ${outcome.platformUserId}). Nothing was created.`,
      values,
    };
  }

  let signInLink: CreateDriverData["signInLink"] = "not-requested";
  if (input.sendSignInLink && outcome.kind === "created") {
    try {
      // redirect: false keeps the staff member's own page and session: Auth.js only stores and mails a token.
      await withAudit(actor, "driver.signin-link.send", { targetPlatformUserId: outcome.platformUserId }, () =>
        signIn("nodemailer", { email: input.email, redirect: false, redirectTo: "/account" }),
      );
      signInLink = "sent";
    } catch (error) {
      console.error("[admin] sign-in link for a new driver failed", error instanceof Error ? error.name : "unknown");
      signInLink = "failed";
    }
  }

  const parts = [
    outcome.kind === "created" ? `Driver ${input.email} was created (platform user ${outcome.platformUserId}).` : `Driver ${input.email} was created a moment ago by this or another request (platform user ${outcome.platformUserId}); nothing was created twice.`,
    passwordReset === "started" && "The charging service is mailing the driver a link to choose an app password.",
    passwordReset === "failed" && "The password-reset mail could not be started: start it from the driver page.",
    signInLink === "sent" && "A portal sign-in link was mailed to the driver.",
    signInLink === "failed" && "The portal sign-in link could not be sent: the driver can request one on the sign-in page.",
  ].filter(Boolean);
  return { status: "ok", data: { kind: outcome.kind, platformUserId: outcome.platformUserId, passwordReset, signInLink }, message: parts.join(" ") };
}
