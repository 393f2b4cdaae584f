import "server-only";
import type { ZipEntry } from "@/lib/core/route-handlers/zip";
import type { DownloadProgress } from "@/lib/core/route-handlers/download-job";
import { formatDate } from "@/lib/core/format";
import { sessionCsvChunks, sessionCsvWords } from "@/lib/features/sessions";
import type { SessionDeps } from "@/lib/features/sessions";
import { SessionPlaces } from "@/lib/features/sessions";
import { iterateDriverSessionPages } from "@/lib/features/sessions";
import { listPeriodInvoices, safeInvoiceNumber } from "@/lib/features/payments";
import { buildSessionReceipt, loadReceiptContext, sessionReceiptPdf } from "@/lib/features/charging";
import type { MoneyApi } from "@/lib/platform/apis";
import type { Invoice } from "@/lib/platform/types";
import { toUtcIsoSeconds } from "@/lib/core/zoned-time";
import { PackLedger } from "./ledger";
import { toPackDriver } from "./pack-driver";
import { receiptPath, toPackLine, type PackLanguage } from "./pack-line";
import type { PackPeriod } from "./period";
import { describePeriod, printedDay } from "./period-words";
import { summaryPdf, type PackInvoice } from "./summary-pdf";

/**
 * An expense pack as lazily made ZIP entries: one read for the totals, then one per file page by page, all stopped at
 * the pack's moment. Memory holds a page, never the history.
 */

export interface ExpensePackRequest {
  platformUserId: number;
  period: PackPeriod;
  /**
   * The request's language: the documents' words, number and date formats, the CSV's header, and
   * location names where the platform has them in it.
   */
  language: PackLanguage;
  /** Told where the pack is: sessions read, receipts and invoices written ("12 of 48 receipts"). */
  progress?: Pick<DownloadProgress, "report">;
}

export type ExpensePack =
  /** Nothing to claim: the period in words and how many running or failed sessions it has. */
  | { kind: "empty"; periodText: string; setAside: number }
  | { kind: "ready"; sessions: number; invoices: number; entries: AsyncGenerator<ZipEntry, void, undefined> };

/** Each invoice with its file in the pack (`invoices/<number>.pdf`; a repeated number gets the id too). */
function packInvoices(invoices: readonly Invoice[], locale: string): Array<PackInvoice & { invoice: Invoice }> {
  const taken = new Set<string>();
  return invoices.map((invoice) => {
    let stem = safeInvoiceNumber(invoice);
    if (taken.has(stem)) stem = `${stem}-${invoice.id}`;
    taken.add(stem);
    return {
      invoice,
      number: invoice.number,
      file: `${stem}.pdf`,
      date: formatDate(invoice.date, locale),
      creditNote: invoice.type === "credit_note",
    };
  });
}

/** The PDF's bytes as the platform streams them through the portal. */
async function* pdfBytes(money: MoneyApi, invoice: Invoice): AsyncGenerator<Uint8Array, void, undefined> {
  const reader = (await money.openInvoicePdf(invoice)).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

export async function prepareExpensePack(request: ExpensePackRequest, deps: SessionDeps): Promise<ExpensePack> {
  const now = deps.now();
  const { platformUserId, period, language } = request;
  const report: DownloadProgress["report"] = (...args) => request.progress?.report(...args);
  const { t, locale } = language;
  const user = await deps.platform.users.getUser(platformUserId);
  const filter = { status: period.status, from: period.from, to: period.to, startedBefore: toUtcIsoSeconds(now) };
  const walk = () => iterateDriverSessionPages(platformUserId, filter, deps);

  const ledger = new PackLedger(now.getTime(), user.currency);
  let read = 0;
  report("sessions", read);
  for await (const page of walk()) {
    for (const session of page) ledger.add(session);
    read += page.length;
    report("sessions", read);
  }
  const periodText = describePeriod(period, (day) => printedDay(day, locale), t);
  const money = deps.platform.money;
  // An invoice the platform offers no PDF of has no file to put in the pack.
  const periodInvoices = await listPeriodInvoices(
    platformUserId,
    { from: period.from, to: period.to },
    { money, now: deps.now },
  );
  const invoices = packInvoices(
    periodInvoices.filter((invoice) => invoice.downloadUrl !== null),
    locale,
  );
  if (ledger.claimedSessions === 0 && invoices.length === 0) {
    return { kind: "empty", periodText, setAside: ledger.setAside.length + ledger.setAsideNotListed };
  }

  const driver = toPackDriver(user);
  const issuedOn = formatDate(now, locale);
  // The same receipt as a session's page offers: the platform's bill where it prices one (ampeco), else the amount.
  const receiptContext = await loadReceiptContext(user, deps.platform);
  const charging = deps.platform.charging;
  const places = new SessionPlaces(locale, deps);
  const claimedPages = async function* () {
    for await (const page of walk()) yield page.filter((session) => ledger.isClaimed(session));
  };

  async function* entries(): AsyncGenerator<ZipEntry, void, undefined> {
    const receipts = ledger.claimedSessions;
    let written = 0;
    report("receipts", written, receipts);
    yield {
      name: "summary.pdf",
      stored: true,
      content: summaryPdf({ driver, periodText, issuedOn, ledger, pages: walk(), places, language, invoices }),
    };
    for await (const page of claimedPages()) {
      await places.learn(page);
      for (const session of page) {
        const currency = ledger.currencyOf(session);
        const place = places.label(session.locationId);
        const line = toPackLine(session, currency, place, language);
        const bill = charging ? await charging.sessionBill(session.id) : null;
        const receipt = buildSessionReceipt(
          { ...session, currency: session.currency ?? currency },
          bill,
          receiptContext,
          place,
        );
        yield { name: receiptPath(line), stored: true, content: await sessionReceiptPdf(receipt, issuedOn, language) };
        report("receipts", ++written, receipts);
      }
    }
    let added = 0;
    for (const { invoice, file } of invoices) {
      report("invoices", added++, invoices.length);
      if (money) yield { name: `invoices/${file}`, stored: true, content: pdfBytes(money, invoice) };
    }
    report("finishing", 0);
    yield {
      name: "sessions.csv",
      content: sessionCsvChunks(claimedPages(), user.currency, sessionCsvWords(t), places),
    };
  }

  return { kind: "ready", sessions: ledger.claimedSessions, invoices: invoices.length, entries: entries() };
}
