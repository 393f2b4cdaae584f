import "server-only";

/** What other features may use of accounts: the rest of the folder is its own. Errors are told apart by code (`hasErrorCode`). */
export { APP_PASSWORD_LINK_DAYS, mailAppPasswordLink, platformSetsAppPassword } from "./app-password";
export { createDriverOnce } from "./create-driver-once";
export type { CreateDriverOutcome } from "./create-driver-once";
export { carryOutAccountDeletion, declineAccountDeletion } from "./deletion";
export { changeDriverEmail, changePlatformEmail, mailOldAddressOfChange, moveAccountToAddress } from "./email";
export { startDriverPasswordReset } from "./password-reset";
export { updateDriverProfile } from "./profile";
export { changedFieldsInWords, PROFILE_FORM } from "./profile-action-spec";
export { passwordSchema, profileFields } from "./schemas";
export type { AccountView } from "./account-view";
