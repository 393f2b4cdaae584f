import "server-only";

/** The AMPECO wire pieces `platform:check` reads raw pages and tokens with; features reach them through the registry. */
export { toTransaction } from "./money";
export { createOAuthTokenSource } from "./oauth";
export { cursorPages } from "./paging";
export { AmpecoChargePoint, AmpecoEvse, AmpecoTransaction, ampecoList } from "./schemas";
export { instant } from "./session-walk";
