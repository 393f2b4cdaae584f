import "server-only";

/** The admin feature's public module on the server; shared.ts is its browser-safe half. */
export type { AuditEntryView } from "./audit-log";
export type { DriverSearchHit } from "./find-driver";
