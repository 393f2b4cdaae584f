import { formatDate } from "@/lib/core/format";
import type { Translator } from "@/lib/core/i18n/translator";
import { inWords } from "@/lib/core/i18n/wording";
import type { CardStatusNote } from "@/lib/features/cards/shared";

/** A card's status note in the reader's words and date format ("Paused by you on 24 Nov 2026"). */
export function statusNoteInWords(t: Translator, locale: string, note: CardStatusNote | null): string | null {
  return note && t(note.key, { by: inWords(t, note.by), date: formatDate(note.at, locale) });
}
