/** The portal's dialect-free reading of one platform callback (AMPECO notifications v2.0; the contract has no events). */
export const NOTIFICATION_KINDS = [
  "SessionUpdateNotification",
  "session.start.stop.notification",
  "userBalance.changed",
  "idTag.changed",
  "transaction.changed",
  "UserChangedNotification",
] as const;
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

export type PlatformEvent =
  | { kind: "session"; userId: number | null; session: SessionChange }
  | { kind: "session-start-stop"; userId: number | null; sessionId: string; action: "start" | "stop" }
  | { kind: "balance"; userId: number; balance: number; currency: string; updatedAt: string }
  | { kind: "card"; cardId: number; action: "created" | "updated" | "deleted" }
  | { kind: "transaction"; transactionId: number }
  | { kind: "user"; userId: number | null; balance: number | null; updatedAt: string | null };

/** A parsed callback: its kind as the platform names it and the portal's reading of it. */
export interface ParsedNotification {
  kind: NotificationKind;
  event: PlatformEvent;
}
