import "server-only";

/** What other features may use of passkeys: the rest of the folder is its own. */
export { notifyPasskeyChange } from "./notices";
export { relyingParty } from "./relying-party";
