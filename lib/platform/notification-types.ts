/**
 * The portal's dialect-free reading of a platform callback (AMPECO notifications v2.0), of the kinds it uses only
 * (why not the others, such as the user record's: docs/design-notes.md#libfeatureslive).
 */
export const NOTIFICATION_KINDS = ["SessionUpdateNotification", "userBalance.changed", "idTag.changed"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface SessionChange {
  /** The session's id as its listing gives it (a string). */
  id: string;
  status: "started" | "charging" | "finished" | "failed";
  startedAt: string | null;
  stoppedAt: string | null;
  energyWh: number;
  amount: number;
  currency: string | null;
  chargePointId: number | null;
  /** The platform's `lastUpdatedAt`: callbacks may come out of order, the later one wins. */
  updatedAt: string | null;
}

/**
 * Where a stopped session's billing stands (`billingStatus`, nullable, and whether `totalAmount` was given): a receipt
 * waits for completed billing, or for an amount where the platform reports no billing status.
 */
export interface SessionBilling {
  status: "pending" | "suspended" | "completed" | null;
  amountGiven: boolean;
}

export type PlatformEvent =
  | { kind: "session"; userId: number | null; session: SessionChange; billing: SessionBilling }
  | { kind: "balance"; userId: number; balance: number; currency: string; updatedAt: string }
  | { kind: "card"; cardId: number; action: "created" | "updated" | "deleted" };

/** A parsed callback: its kind as the platform names it and the portal's reading of it. */
export interface ParsedNotification {
  kind: NotificationKind;
  event: PlatformEvent;
}
