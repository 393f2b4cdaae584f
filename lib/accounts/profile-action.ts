"use server";
import "server-only";
import { refresh } from "next/cache";
import { driverForAction, isRefusal } from "@/lib/auth/guards";
import { formValues, type ActionResult } from "@/lib/forms/action-result";
import { getPlatform } from "@/lib/platform";
import { isPlatformError, PlatformValidationError } from "@/lib/platform/errors";
import { platformErrorMessage, platformFieldErrors } from "@/lib/platform-errors-to-messages";
import { PROFILE_FIELD_LABELS, readProfileForm, updateDriverProfile, type ProfileField } from "./profile";

function listInWords(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** The signed-in driver edits their own profile; only changed fields reach the platform. */
export async function updateProfileAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  const values = formValues(formData, ["baseline"]);
  const viewer = await driverForAction(values);
  if (isRefusal(viewer)) return viewer;

  const reading = readProfileForm(formData);
  if (!reading.ok) return { status: "invalid", fieldErrors: reading.fieldErrors, message: "Please correct the marked fields.", values };

  try {
    const current = reading.baseline ?? (await getPlatform().users.getUser(viewer.platformUserId));
    const { changed } = await updateDriverProfile(viewer.platformUserId, current, reading.submitted);
    if (changed.length === 0) return { status: "ok", message: "Nothing to save: no field was changed." };
    refresh();
    const names = changed.map((field) => PROFILE_FIELD_LABELS[field as ProfileField] ?? field);
    const sentence = listInWords(names);
    return { status: "ok", message: `Saved your ${sentence}.` };
  } catch (error) {
    if (error instanceof PlatformValidationError) {
      return { status: "invalid", fieldErrors: platformFieldErrors(error), message: "The charging service did not accept some fields. Please correct the marked fields.", values };
    }
    console.error("[profile] update failed", isPlatformError(error) ? error.message : error instanceof Error ? error.name : "unknown");
    return { status: "error", message: platformErrorMessage(error, "save your profile"), values };
  }
}
