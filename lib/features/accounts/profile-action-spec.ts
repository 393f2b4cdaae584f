import "server-only";
import type { FormReading } from "@/lib/core/actions/action";
import { toFieldErrors } from "@/lib/core/actions/action-result";
import type { Translator } from "@/lib/core/i18n/translator";
import { PROFILE_FIELDS, readProfileForm, type ProfileField, type ProfileFormReading } from "./profile";

/** What the driver's and the staff's profile actions share: how they read the form, and the words they answer in. */

/** readProfileForm in the action helper's terms, its issues in the words of the request's translator. */
export function readProfileInput(
  formData: FormData,
  t: Translator,
): FormReading<Extract<ProfileFormReading, { ok: true }>> {
  const reading = readProfileForm(formData);
  return reading.ok ? { ok: true, input: reading } : { ok: false, fieldErrors: toFieldErrors(reading.issues, t) };
}

function isProfileField(field: string): field is ProfileField {
  return (PROFILE_FIELDS as readonly string[]).includes(field);
}

/** "first name, phone number and city": the changed fields as a saved-message reads them, in the words of `t`. */
export function changedFieldsInWords(changed: readonly string[], t: Translator): string {
  const names = changed.map((field) => (isProfileField(field) ? t(`profile.fieldNames.${field}`) : field));
  if (names.length <= 1) return names.join("");
  return t("profile.fieldList", { head: names.slice(0, -1).join(", "), last: names[names.length - 1] ?? "" });
}

/** How the driver's and the staff's profile actions read the form: baseline not echoed, the same words for errors. */
export const PROFILE_FORM = {
  hidden: ["baseline"],
  read: readProfileInput,
  invalid: "profile.invalid",
  rejected: { message: "profile.rejected" },
} as const;
