import fc from "fast-check";
import { describe } from "vitest";
import { changeEmailAction } from "@/lib/accounts/email-action";
import { startPasswordResetAction } from "@/lib/accounts/password-reset-action";
import { updateProfileAction } from "@/lib/accounts/profile-action";
import { anyText, baselineValue, driverSideViewer, emailValue, formArb, profileFields } from "./arbitraries";
import { checkActionProperty, IDLE_STATE } from "./checks";

const profileForm = formArb({ ...profileFields, baseline: baselineValue });
const emailForm = formArb({ email: emailValue });
/** The reset form sends no fields; its previous state comes back from the browser too. */
const previousState = fc.oneof(
  fc.constant(IDLE_STATE),
  fc.record({ status: fc.constantFrom("idle", "ok", "error", "invalid"), message: fc.option(anyText, { nil: undefined }) }),
  fc.jsonValue(),
);

describe("account actions: only validation errors, never a crash", () => {
  checkActionProperty({ name: "updateProfileAction", action: updateProfileAction, form: profileForm, viewer: driverSideViewer });
  checkActionProperty({ name: "changeEmailAction", action: changeEmailAction, form: emailForm, viewer: driverSideViewer });
  checkActionProperty({ name: "startPasswordResetAction", action: startPasswordResetAction, form: null, previousState, viewer: driverSideViewer, freshLimits: true });
});
