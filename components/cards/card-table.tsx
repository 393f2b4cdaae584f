import { getLocale, getTranslations } from "next-intl/server";
import type { Card } from "@/lib/platform/types";
import { cardLabel, type CardStatusNote } from "@/lib/features/cards/shared";
import { formatDate } from "@/lib/core/format";
import { CardStatusBadge } from "./card-status-badge";
import { statusNoteInWords } from "./status-note";
import { ColumnHeader } from "@/components/ui/table";

export { cardLabel };

/**
 * A driver's cards, for /cards and admin. Below `sm` each row is a card: the number, code, type and date beside the
 * status, the actions under them (so nothing runs past a 360 px screen). Codes never break inside themselves.
 */
export async function CardTable({
  cards,
  caption,
  rowActions,
  actionsLabel,
  statusNote,
}: {
  cards: Card[];
  caption?: string;
  rowActions?: (card: Card) => React.ReactNode;
  actionsLabel?: string;
  /** Who set the status and when, where the portal knows ("Paused by you on 24 Nov 2026"). */
  statusNote?: (card: Card) => CardStatusNote | null;
}) {
  // `words` (whole keys) words the status notes.
  const [t, words, locale] = await Promise.all([getTranslations("cards"), getTranslations(), getLocale()]);
  const note = (card: Card) => statusNoteInWords(words, locale, statusNote?.(card) ?? null);
  const added = (card: Card) => (card.createdAt ? formatDate(card.createdAt, locale) : "—");
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm max-sm:block">
        <caption className="sr-only">{caption ?? t("table.caption")}</caption>
        <thead className="max-sm:sr-only">
          <tr className="border-b border-slate-300 dark:border-slate-700">
            <ColumnHeader className="py-2 pr-3 font-semibold">{t("table.card")}</ColumnHeader>
            <ColumnHeader className="hidden py-2 pr-3 font-semibold md:table-cell">{t("table.type")}</ColumnHeader>
            <ColumnHeader className="py-2 pr-3 font-semibold">{t("table.status")}</ColumnHeader>
            <ColumnHeader className="hidden py-2 pr-3 font-semibold sm:table-cell">{t("table.added")}</ColumnHeader>
            {rowActions && (
              <ColumnHeader className="py-2 font-semibold">
                <span className="sr-only sm:not-sr-only">{actionsLabel ?? t("table.actions")}</span>
              </ColumnHeader>
            )}
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {cards.map((card) => (
            <tr
              key={card.id}
              data-card-id={card.id}
              className="border-b border-slate-200 align-top last:border-0 max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:gap-x-3 max-sm:py-2 dark:border-slate-800"
            >
              <th scope="row" className="py-3 pr-3 font-normal">
                <span className="block font-semibold whitespace-nowrap">
                  {card.visualNumber ?? t("table.noPrintedNumber")}
                </span>
                <span className="block font-mono text-xs whitespace-nowrap text-slate-700 dark:text-slate-300">
                  <span className="sr-only">{t("table.code")} </span>
                  {card.code}
                </span>
                <span className="block text-xs text-slate-600 md:hidden dark:text-slate-300">
                  {t(`table.types.${card.type}`)}
                </span>
                <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-300">
                  {t("table.addedOn", { date: added(card) })}
                </span>
              </th>
              <td className="hidden py-3 pr-3 whitespace-nowrap md:table-cell">{t(`table.types.${card.type}`)}</td>
              <td className="py-3 pr-3">
                <CardStatusBadge status={card.status} />
                {note(card) && (
                  <span className="mt-1 block text-xs text-slate-600 dark:text-slate-300">{note(card)}</span>
                )}
              </td>
              <td className="hidden py-3 pr-3 whitespace-nowrap sm:table-cell">{added(card)}</td>
              {/* A little room on the right, so a focus ring is not cut off by the scroll container. */}
              {rowActions && <td className="py-3 pr-1 max-sm:col-span-2 max-sm:pt-0">{rowActions(card)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
