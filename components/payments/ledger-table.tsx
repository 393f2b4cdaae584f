import Link from "next/link";
import { Pager } from "@/components/ui/pager";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button-classes";
import { ColumnHeader, ScrollingTable } from "@/components/ui/table";
import { formatDateTime, formatMoney, formatSignedMoney } from "@/lib/core/format";
import { balanceChangeKindOf, describeTransaction, isCreditNote, STATUS_TONES } from "@/lib/features/payments/shared";
import type { LedgerRow } from "@/lib/features/payments";
import { INLINE_LINK_CLASS as linkClass } from "@/components/ui/rich-text";
import { WithUnbroken } from "@/components/ui/rich-text";

const cell = "px-3 py-2 align-top max-sm:px-2 max-sm:py-0.5";
/** Below `sm` a row is a card: date and amount, what and status, then balance change and invoice. */
const PHONE = {
  row: "max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:py-2",
  date: "max-sm:col-start-1 max-sm:row-start-1 max-sm:font-semibold max-sm:whitespace-normal",
  what: "max-sm:col-start-1 max-sm:row-start-2",
  amount: "max-sm:col-start-2 max-sm:row-start-1 max-sm:font-semibold",
  change: "max-sm:col-span-2 max-sm:row-start-3 max-sm:text-left",
  status: "max-sm:col-start-2 max-sm:row-start-2 max-sm:text-right",
  invoice: "max-sm:col-span-2 max-sm:row-start-4 max-sm:pt-2",
};
/** On a phone, a cell's `data-label` (its column's name) before its value, as generated content beside the text. */
const phoneLabel =
  "max-sm:before:mr-1 max-sm:before:text-xs max-sm:before:font-normal max-sm:before:text-slate-700 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-300";

/** Where a row links: the driver's own session page and invoice route by default, the staff's route on the admin page. */
export interface LedgerLinks {
  session: ((id: string) => string) | null;
  invoice: (id: number) => string;
}

const DRIVER_LINKS: LedgerLinks = {
  session: (id) => `/sessions/${id}`,
  invoice: (id) => `/api/payments/invoices/${id}`,
};

/**
 * The ledger: a table from `sm` up, one card per row below it (no sideways scroll at 360 px). Each row's change of
 * the balance, never a running balance: the platform's transactions carry none (docs/design-notes.md).
 */
export async function LedgerTable({
  rows,
  caption,
  locale,
  links = DRIVER_LINKS,
}: {
  rows: LedgerRow[];
  caption: string;
  locale: string;
  links?: LedgerLinks;
}) {
  const t = await getTranslations("payments");
  return (
    <ScrollingTable
      label={t("table.label")}
      caption={caption}
      minWidth="sm:min-w-[48rem]"
      stackedBelowSm
      header={
        <>
          <ColumnHeader className={cell}>{t("table.date")}</ColumnHeader>
          <ColumnHeader className={cell}>{t("table.what")}</ColumnHeader>
          <ColumnHeader className={`${cell} text-right`}>{t("table.amount")}</ColumnHeader>
          <ColumnHeader className={`${cell} text-right`}>{t("table.balanceChange")}</ColumnHeader>
          <ColumnHeader className={cell}>{t("table.status")}</ColumnHeader>
          <ColumnHeader className={cell}>{t("table.invoice")}</ColumnHeader>
        </>
      }
    >
      {rows.map(({ transaction, invoice }) => {
        const what = describeTransaction(transaction);
        const change = balanceChangeKindOf(transaction);
        return (
          <tr
            key={transaction.id}
            data-transaction-id={transaction.id}
            className={`border-b border-slate-200 last:border-0 dark:border-slate-800 ${PHONE.row}`}
          >
            <td className={`${cell} whitespace-nowrap ${PHONE.date}`}>{formatDateTime(transaction.date, locale)}</td>
            <td className={`${cell} ${PHONE.what}`}>
              {what.sessionId !== null && links.session ? (
                <Link href={links.session(what.sessionId)} className={linkClass} prefetch={false}>
                  {t("chargeOf", { id: String(what.sessionId) })}
                </Link>
              ) : what.sessionId !== null ? (
                t("chargeOf", { id: String(what.sessionId) })
              ) : (
                t(`kinds.${what.kindKey}`)
              )}
              {what.paidByVoucher && (
                <span className="block text-xs text-slate-700 dark:text-slate-300">{t("paidByVoucher")}</span>
              )}
            </td>
            <td className={`${cell} whitespace-nowrap text-right tabular-nums ${PHONE.amount}`}>
              {formatMoney(transaction.amount, transaction.currency, locale)}
            </td>
            <td
              className={`${cell} text-right tabular-nums ${PHONE.change} ${phoneLabel}`}
              data-balance-change={transaction.balanceEffect}
              data-label={t("table.balanceChange")}
            >
              {change === "credit" || change === "debit" ? (
                <span className="whitespace-nowrap font-semibold">
                  {formatSignedMoney(transaction.balanceEffect, transaction.currency, locale)}
                </span>
              ) : (
                <span className="text-slate-700 dark:text-slate-300">{t(`balanceChange.${change}`)}</span>
              )}
            </td>
            <td className={`${cell} ${PHONE.status}`}>
              <Badge tone={STATUS_TONES[transaction.status] ?? "slate"}>{t(`status.${transaction.status}`)}</Badge>
            </td>
            <td className={`${cell} ${PHONE.invoice}`}>
              {invoice && !invoice.hasPdf ? (
                <span className="text-slate-700 dark:text-slate-300">
                  {isCreditNote(invoice)
                    ? t("creditNoteWithoutPdf", { number: invoice.number })
                    : t("invoiceWithoutPdf", { number: invoice.number })}
                  <span className="block text-xs">{t("noPdfHint")}</span>
                </span>
              ) : invoice ? (
                <a href={links.invoice(invoice.id)} download className={buttonClasses("secondary")}>
                  <WithUnbroken
                    text={
                      isCreditNote(invoice)
                        ? t("downloadCreditNote", { number: invoice.number })
                        : t("downloadInvoice", { number: invoice.number })
                    }
                    part={invoice.number}
                  />
                </a>
              ) : (
                <span className="text-slate-700 dark:text-slate-300">{t("table.noInvoice")}</span>
              )}
            </td>
          </tr>
        );
      })}
    </ScrollingTable>
  );
}

/** Newer and older pages; the ledger is read as a stream, so the last page is known only when reached. */
export async function LedgerPager({
  page,
  hasNext,
  hrefFor,
}: {
  page: number;
  hasNext: boolean;
  hrefFor: (page: number) => string;
}) {
  const t = await getTranslations("payments.pager");
  const words = { previous: t("newer"), next: t("older"), position: t("position", { page: String(page) }) };
  return <Pager page={page} hasNext={hasNext} hrefFor={hrefFor} label={t("label")} words={words} />;
}
