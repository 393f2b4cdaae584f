/** The expense pack feature's browser-safe public module (types, codes, pure functions); its services are server-only. */
export { packChoices, type ExpensePackChoices, type PackPeriodKind } from "./period";
