"use server";
import "server-only";
import { refresh } from "next/cache";
import { driverForAction, isRefusal } from "@/lib/auth/guards";
import { formValues, toFieldErrors, type ActionResult } from "@/lib/forms/action-result";
import { isPlatformError, PlatformValidationError } from "@/lib/platform/errors";
import { platformErrorMessage, platformFieldErrors } from "@/lib/platform-errors-to-messages";
import { AddCardInput } from "./card-input";
import { addCardForDriver, CardCodeTakenError } from "./service";

/** Drivers add their own cards, always active: status is not theirs to choose. */
const DriverAddCardInput = AddCardInput.omit({ status: true });

export async function addCardAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  const values = formValues(formData);
  const viewer = await driverForAction(values);
  if (isRefusal(viewer)) return viewer;

  const parsed = DriverAddCardInput.safeParse(values);
  if (!parsed.success) return { status: "invalid", fieldErrors: toFieldErrors(parsed.error.issues), message: "Please correct the marked fields.", values };

  try {
    const card = await addCardForDriver(viewer.platformUserId, { ...parsed.data, status: "active" });
    refresh();
    return { status: "ok", message: `Card ${card.visualNumber ?? card.code} was added and can be used at once.` };
  } catch (error) {
    if (error instanceof CardCodeTakenError) {
      const message = error.where === "elsewhere" ? error.message : "This card is already on your account.";
      return { status: "invalid", fieldErrors: { code: [message] }, message: "The card was not added. See the message under the card code.", values };
    }
    if (error instanceof PlatformValidationError) {
      return { status: "invalid", fieldErrors: platformFieldErrors(error), message: "The charging service did not accept the card. Please correct the marked fields.", values };
    }
    console.error("[cards] add failed", isPlatformError(error) ? error.message : error instanceof Error ? error.name : "unknown");
    return { status: "error", message: platformErrorMessage(error, "add the card"), values };
  }
}
