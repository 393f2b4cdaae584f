/** The expense pack feature's browser-safe public module (types, codes, pure functions); its services are server-only. */
export { packChoices, type ExpensePackChoices } from "./period-words";
export type { PackPeriodKind } from "./period";
