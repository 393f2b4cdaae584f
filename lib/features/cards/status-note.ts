import { formatDate } from "@/lib/core/format";
import type { Translator } from "@/lib/core/i18n/translator";
import type { CardStatusChange } from "./status-history";

/** Who set a card's status and when, in the reader's words (drivers read "you"/"support"); null without a record. */
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
