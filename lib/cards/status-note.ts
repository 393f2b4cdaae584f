import { formatDate } from "@/lib/format";
import type { CardStatusChange } from "./status-history";

const VERB = { active: "Resumed", inactive: "Paused", blocked: "Blocked" } as const;

/**
 * Who set a card's status and when, in the reader's words: a driver reads "you" and "support", staff
 * read "the driver" and the staff member's address. Null when the portal has no record. Pure.
 */
export function cardStatusNote(change: CardStatusChange | undefined, reader: "driver" | "staff"): string | null {
  if (!change) return null;
  const by = change.by;
  const who =
    by.role === "driver" ? (reader === "driver" ? "you" : "the driver") : reader === "driver" ? "support" : by.email;
  return `${VERB[change.status]} by ${who} on ${formatDate(change.at)}`;
}
