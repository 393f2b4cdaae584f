"use server";
import "server-only";
import { refresh } from "next/cache";
import { driverForAction, isRefusal } from "@/lib/auth/guards";
import { emailSchema } from "@/lib/auth/schemas";
import { formValues, toFieldErrors, type ActionResult } from "@/lib/forms/action-result";
import { isPlatformError, PlatformValidationError } from "@/lib/platform/errors";
import { platformErrorMessage, platformFieldErrors } from "@/lib/platform-errors-to-messages";
import { changeDriverEmail, EmailTakenError, EmailUnchangedError } from "./email";
import { z } from "zod";

const ChangeEmailInput = z.object({ email: emailSchema });

/** The signed-in driver moves their account (platform and portal sign-in) to a new address. */
export async function changeEmailAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  const values = formValues(formData);
  const viewer = await driverForAction(values);
  if (isRefusal(viewer)) return viewer;

  const parsed = ChangeEmailInput.safeParse(values);
  if (!parsed.success) return { status: "invalid", fieldErrors: toFieldErrors(parsed.error.issues), values };
  const email = parsed.data.email;

  try {
    await changeDriverEmail(viewer.platformUserId, email);
  } catch (error) {
    if (error instanceof EmailTakenError) {
      return { status: "invalid", fieldErrors: { email: [`${email} is already used by another account. Your sign-in address stays ${viewer.email}.`] }, values };
    }
    if (error instanceof EmailUnchangedError) return { status: "invalid", fieldErrors: { email: ["This is already your e-mail address."] }, values };
    if (error instanceof PlatformValidationError) return { status: "invalid", fieldErrors: platformFieldErrors(error), values };
    console.error("[email] change failed", isPlatformError(error) ? error.message : error instanceof Error ? error.name : "unknown");
    return { status: "error", message: platformErrorMessage(error, "change your e-mail address"), values };
  }
  refresh();
  return { status: "ok", message: `Your e-mail address is now ${email}. Use it the next time you sign in.` };
}
