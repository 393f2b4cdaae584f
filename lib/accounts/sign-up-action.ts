"use server";
import { redirect } from "next/navigation";
import { signIn } from "@/lib/auth";
import { clientAddress } from "@/lib/auth/client-address";
import { formValues, toFieldErrors, type ActionResult } from "@/lib/forms/action-result";
import { consumeRateLimit, RATE_LIMITS } from "@/lib/rate-limit";
import { PlatformValidationError } from "@/lib/platform/errors";
import { platformErrorMessage, platformFieldErrors } from "@/lib/platform-errors-to-messages";
import { createDriverOnce, SignUpInProgressError } from "./create-driver-once";
import { SignUpInput } from "./profile-schema";

/** Sign-up: validate, create the platform user exactly once, then mail a sign-in link. */
export async function signUp(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  // The password is never echoed back: the form keeps it client-side.
  const values = formValues(formData, ["password"]);
  const parsed = SignUpInput.safeParse({ ...values, password: formData.get("password") ?? undefined });
  if (!parsed.success) return { status: "invalid", fieldErrors: toFieldErrors(parsed.error.issues), values };

  const limit = await consumeRateLimit("signup:client", await clientAddress(), RATE_LIMITS.signUpPerClient);
  if (!limit.allowed) {
    return { status: "error", message: `Too many sign-ups from your network. Try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`, values };
  }

  let outcome;
  try {
    outcome = await createDriverOnce(parsed.data);
  } catch (error) {
    if (error instanceof SignUpInProgressError) {
      return { status: "error", message: "Your sign-up is still being processed. Check your e-mail in a minute before trying again.", values };
    }
    if (error instanceof PlatformValidationError) {
      return { status: "invalid", fieldErrors: platformFieldErrors(error), message: "Please correct the marked fields.", values };
    }
    console.error("[signup] failed", error instanceof Error ? error.name : "unknown");
    return { status: "error", message: platformErrorMessage(error, "create your account"), values };
  }

  if (outcome.kind === "exists") {
    return { status: "error", code: "exists", message: "An account with this e-mail address already exists. Sign in instead: we will mail you a link.", values };
  }
  if (outcome.kind === "joined") redirect("/check-your-email");
  await signIn("nodemailer", { email: parsed.data.email, redirectTo: "/account" });
  return { status: "ok" };
}
