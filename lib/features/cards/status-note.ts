import type { MessageKey } from "@/lib/core/i18n/translator";
import type { Wording } from "@/lib/core/i18n/wording";
import type { CardStatusChange } from "./status-history";

/** Who set a card's status and when, as data: the note's key, who (drivers read "you"/"support") and the date. */
export interface CardStatusNote {
  key: MessageKey;
  by: Wording;
  at: Date;
}

/** The status note of `change` for its reader; null without a record. The card table words it. */
export function cardStatusNote(
  change: CardStatusChange | undefined,
  reader: "driver" | "staff",
): CardStatusNote | null {
  if (!change) return null;
  const by = change.by;
  let who: Wording;
  if (by.role === "driver") who = { key: reader === "driver" ? "cards.statusNote.byYou" : "cards.statusNote.byDriver" };
  else
    who =
      reader === "driver"
        ? { key: "cards.statusNote.bySupport" }
        : { key: "cards.statusNote.byStaff", values: { email: by.email } };
  return { key: `cards.statusNote.${change.status}`, by: who, at: change.at };
}
