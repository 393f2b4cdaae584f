import fc from "fast-check";
import { describe } from "vitest";
import { changeEmailAction } from "@/lib/features/accounts/actions/change-email";
import { confirmEmailChangeAction } from "@/lib/features/accounts/actions/confirm-email-change";
import { cancelAccountDeletionAction } from "@/lib/features/accounts/actions/cancel-account-deletion";
import { requestAccountDeletionAction } from "@/lib/features/accounts/actions/request-account-deletion";
import { startPasswordResetAction } from "@/lib/features/accounts/actions/start-password-reset";
import { requestPlatformExportAction } from "@/lib/features/accounts/actions/request-platform-export";
import { updateProfileAction } from "@/lib/features/accounts/actions/update-profile";
import { anyText, baselineValue, driverSideViewer, emailValue, formArb, profileFields } from "./arbitraries";
import { checkActionProperty, IDLE_STATE } from "./checks";

const profileForm = formArb({ ...profileFields, baseline: baselineValue });
const emailForm = formArb({ email: emailValue });
/** A confirmation link's token as it comes back from the browser: well-formed but unknown, or anything. */
const tokenForm = formArb({ token: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), anyText) });
/** The reset form sends no fields; its previous state comes back from the browser too. */
const previousState = fc.oneof(
  fc.constant(IDLE_STATE),
  fc.record({
    status: fc.constantFrom("idle", "ok", "error", "invalid"),
    message: fc.option(anyText, { nil: undefined }),
  }),
  fc.jsonValue(),
);

describe("account actions: only validation errors, never a crash", () => {
  checkActionProperty({
    name: "updateProfileAction",
    action: updateProfileAction,
    form: profileForm,
    viewer: driverSideViewer,
  });
  checkActionProperty({
    name: "changeEmailAction",
    action: changeEmailAction,
    form: emailForm,
    viewer: driverSideViewer,
  });
  checkActionProperty({
    name: "confirmEmailChangeAction",
    action: confirmEmailChangeAction,
    form: tokenForm,
    viewer: driverSideViewer,
  });
  // Requesting and cancelling undo each other, so both stay reachable.
  for (const [name, action] of [
    ["requestAccountDeletionAction", requestAccountDeletionAction],
    ["cancelAccountDeletionAction", cancelAccountDeletionAction],
  ] as const)
    checkActionProperty({ name, action, form: null, previousState, viewer: driverSideViewer });
  checkActionProperty({
    name: "startPasswordResetAction",
    action: startPasswordResetAction,
    form: null,
    previousState,
    viewer: driverSideViewer,
    freshLimits: true,
  });
  // ampeco: a link each time (within the limit); contract: "no export of its own". Never a crash either way.
  checkActionProperty({
    name: "requestPlatformExportAction",
    action: requestPlatformExportAction,
    form: null,
    previousState,
    viewer: driverSideViewer,
    freshLimits: true,
  });
});
