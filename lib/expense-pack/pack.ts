import "server-only";
import type { ZipEntry } from "@/lib/downloads/zip";
import { APP_LOCALE, formatDate } from "@/lib/format";
import { sessionCsvChunks } from "@/lib/sessions/csv";
import type { SessionDeps } from "@/lib/sessions/deps";
import { SessionPlaces } from "@/lib/sessions/places";
import { iterateDriverSessionPages } from "@/lib/sessions/service";
import { toUtcIsoSeconds } from "@/lib/time/zoned-time";
import { PackLedger } from "./ledger";
import { toPackDriver } from "./pack-driver";
import { receiptPath, toPackLine } from "./pack-line";
import { describePeriod, type PackPeriod } from "./period";
import { receiptPdf } from "./receipt-pdf";
import { summaryPdf } from "./summary-pdf";

/**
 * An expense pack: summary.pdf, one receipt per finished session and sessions.csv, as ZIP entries
 * made as the ZIP writer asks for them. The driver's sessions are read from the platform once for
 * the totals (which also tells an empty period before anything is sent) and then once per file,
 * page by page, so memory holds a page of sessions and the locations seen, never the history.
 * Every read stops at the pack's moment, so all files describe the same sessions.
 */

export interface ExpensePackRequest {
  platformUserId: number;
  period: PackPeriod;
  /** Location names in the driver's language where the platform has them. */
  locale: string;
}

export type ExpensePack =
  | { kind: "empty"; message: string }
  | { kind: "ready"; sessions: number; entries: AsyncGenerator<ZipEntry, void, undefined> };

/** A calendar day as the documents print it: "14 Mar 2026". */
function printedDay(day: string): string {
  return formatDate(`${day}T12:00:00Z`, APP_LOCALE, "UTC");
}

export async function prepareExpensePack(request: ExpensePackRequest, deps: SessionDeps): Promise<ExpensePack> {
  const now = deps.now();
  const { platformUserId, period } = request;
  const user = await deps.platform.users.getUser(platformUserId);
  const filter = { status: period.status, from: period.from, to: period.to, startedBefore: toUtcIsoSeconds(now) };
  const walk = () => iterateDriverSessionPages(platformUserId, filter, deps);

  const ledger = new PackLedger(now.getTime(), user.currency);
  for await (const page of walk()) for (const session of page) ledger.add(session);
  const periodText = describePeriod(period, printedDay);
  if (ledger.claimedSessions === 0) {
    const setAside = ledger.setAside.length + ledger.setAsideNotListed;
    return {
      kind: "empty",
      message:
        `There are no finished charging sessions in this period (${periodText}), so there is nothing to claim.` +
        (setAside > 0
          ? ` ${setAside} running or failed ${setAside === 1 ? "session is" : "sessions are"} not counted.`
          : ""),
    };
  }

  const driver = toPackDriver(user);
  const issuedOn = formatDate(now);
  const places = new SessionPlaces(request.locale, deps);
  const claimedPages = async function* () {
    for await (const page of walk()) yield page.filter((session) => ledger.isClaimed(session));
  };

  async function* entries(): AsyncGenerator<ZipEntry, void, undefined> {
    yield {
      name: "summary.pdf",
      stored: true,
      content: summaryPdf({ driver, periodText, issuedOn, ledger, pages: walk(), places }),
    };
    for await (const page of claimedPages()) {
      await places.learn(page);
      for (const session of page) {
        const line = toPackLine(session, ledger.currencyOf(session), places.label(session.locationId));
        yield { name: receiptPath(line), stored: true, content: await receiptPdf(line, driver, issuedOn) };
      }
    }
    yield { name: "sessions.csv", content: sessionCsvChunks(claimedPages(), user.currency, places) };
  }

  return { kind: "ready", sessions: ledger.claimedSessions, entries: entries() };
}
