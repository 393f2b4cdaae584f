import type { DriverEvent } from "@/lib/features/live/shared";
import type { PlatformEvent } from "@/lib/platform/notification-types";

/**
 * The driver a platform event is for and what their tabs are told (lib/features/live/shared.ts), or null
 * when it tells them nothing. Pure.
 */
export function toDriverEvent(event: PlatformEvent): { platformUserId: number; event: DriverEvent } | null {
  switch (event.kind) {
    case "session": {
      if (event.userId === null) return null;
      const { id, status, startedAt, stoppedAt, energyWh, amount, currency, updatedAt } = event.session;
      return {
        platformUserId: event.userId,
        event: {
          type: "session",
          session: { id, status, startedAt, stoppedAt, energyWh, amount, currency, updatedAt },
        },
      };
    }
    case "balance":
      return {
        platformUserId: event.userId,
        event: { type: "balance", balance: event.balance, currency: event.currency, updatedAt: event.updatedAt },
      };
    default:
      // Start/stop, the user and the transaction repeat what the session update and the balance
      // say; a card change names no driver.
      return null;
  }
}
