import "server-only";
import type { APP_PASSWORD_FORM, LINKED_APP_PASSWORD_FORM } from "./schemas";

/** What the two actions that set the app password share: the feature, the form, and how a refusal is shown. */
export function settingAppPassword<Form extends typeof APP_PASSWORD_FORM | typeof LINKED_APP_PASSWORD_FORM>(
  form: Form,
) {
  return {
    scope: "accounts",
    // The platform's refusal of the password (422) is shown at the fields.
    rejected: { message: "appPassword.errors.rejected" },
    ...form,
  } as const;
}
