import { APP_LOCALE, APP_TIME_ZONE, numberFormat } from "@/lib/format";
import type { ChargingSession } from "@/lib/platform/types";
import type { PlaceLabel } from "@/lib/sessions/csv";
import { sessionDurationLabel, sessionStartLabel, sessionStopLabel } from "@/lib/sessions/display";
import { sessionStartMs } from "@/lib/sessions/session-time";
import { zonedDate } from "@/lib/time/zoned-time";
import { amountCents, energyWh } from "./ledger";

/**
 * One finished session as the summary's table row and its receipt show it. Pure. Energy is printed
 * to the Wh (three decimals of kWh) and money to the cent with its ISO code, so a reader can add up
 * the rows and get the totals exactly, whatever currency symbol their software knows.
 */

export interface PackLine {
  id: number;
  /** The local start day, YYYY-MM-DD: the receipt's file name begins with it. */
  day: string;
  started: string;
  stopped: string;
  duration: string;
  place: PlaceLabel | null;
  energy: string;
  amount: string;
  cardNumber: string | null;
}

const KWH_TO_THE_WH: Intl.NumberFormatOptions = { minimumFractionDigits: 3, maximumFractionDigits: 3 };
const TO_THE_CENT: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

export function formatPackEnergy(wh: number): string {
  return `${numberFormat(APP_LOCALE, KWH_TO_THE_WH).format(wh / 1000)} kWh`;
}

export function formatPackAmount(cents: number, currency: string): string {
  const amount = numberFormat(APP_LOCALE, TO_THE_CENT).format(cents / 100);
  return currency ? `${currency} ${amount}` : amount;
}

export function sessionDay(session: Pick<ChargingSession, "startedAt" | "startedAtLocal">): string {
  const local = session.startedAtLocal?.slice(0, 10);
  if (local && /^\d{4}-\d{2}-\d{2}$/.test(local)) return local;
  const start = sessionStartMs(session);
  return start === null ? "undated" : zonedDate(new Date(start), APP_TIME_ZONE);
}

export function toPackLine(session: ChargingSession, currency: string, place: PlaceLabel | null): PackLine {
  return {
    id: session.id,
    day: sessionDay(session),
    started: sessionStartLabel(session),
    stopped: sessionStopLabel(session),
    duration: sessionDurationLabel(session),
    place,
    energy: formatPackEnergy(energyWh(session)),
    amount: formatPackAmount(amountCents(session.amount), currency),
    cardNumber: session.cardNumber ?? null,
  };
}

/** `receipts/2026-03-14-70001.pdf` */
export function receiptPath(line: Pick<PackLine, "day" | "id">): string {
  return `receipts/${line.day}-${line.id}.pdf`;
}
