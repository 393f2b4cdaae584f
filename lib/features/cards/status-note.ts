import { formatDate } from "@/lib/core/format";
import type { Translator } from "@/lib/core/i18n/translator";
import type { CardStatusChange } from "./status-history";

/**
 * Who set a card's status and when, in the reader's words and language: a driver reads "you" and
 * "support", staff read "the driver" and the staff member's address. Null when the portal has no
 * record. Pure.
 */
export function cardStatusNote(
  t: Translator,
  locale: string,
  change: CardStatusChange | undefined,
  reader: "driver" | "staff",
): string | null {
  if (!change) return null;
  const by = change.by;
  let who: string;
  if (by.role === "driver") who = t(reader === "driver" ? "cards.statusNote.byYou" : "cards.statusNote.byDriver");
  else who = reader === "driver" ? t("cards.statusNote.bySupport") : t("cards.statusNote.byStaff", { email: by.email });
  return t(`cards.statusNote.${change.status}`, { by: who, date: formatDate(change.at, locale) });
}
