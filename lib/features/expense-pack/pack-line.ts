import { APP_TIME_ZONE, numberFormat } from "@/lib/core/format";
import type { Translator } from "@/lib/core/i18n/translator";
import type { ChargingSession } from "@/lib/platform/types";
import type { PlaceLabel, SessionDurationWords } from "@/lib/features/sessions";
import { sessionDurationLabel, sessionStartLabel, sessionStopLabel } from "@/lib/features/sessions";
import { sessionStartMs } from "@/lib/features/sessions";
import { zonedDate } from "@/lib/core/zoned-time";
import { amountCents, energyWh } from "./ledger";

/**
 * One finished session as a row and a receipt. Energy to the Wh and money to the cent with ISO code, so rows add up to
 * the totals exactly. Pure.
 */

/** The pack's language: its words and the formats of numbers and dates (the driver's request). */
export interface PackLanguage {
  t: Translator;
  locale: string;
}

export interface PackLine {
  id: string;
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

export function formatPackEnergy(wh: number, locale: string): string {
  return `${numberFormat(locale, KWH_TO_THE_WH).format(wh / 1000)} kWh`;
}

export function formatPackAmount(cents: number, currency: string, { t, locale }: PackLanguage): string {
  const amount = numberFormat(locale, TO_THE_CENT).format(cents / 100);
  return currency ? t("expensePack.amount", { currency, amount }) : amount;
}

export function sessionDay(session: Pick<ChargingSession, "startedAt" | "startedAtLocal">): string {
  const local = session.startedAtLocal?.slice(0, 10);
  if (local && /^\d{4}-\d{2}-\d{2}$/.test(local)) return local;
  const start = sessionStartMs(session);
  return start === null ? "undated" : zonedDate(new Date(start), APP_TIME_ZONE);
}

/** The "duration" words out of the pack's whole-catalogue translator. */
function durationWords(t: Translator): SessionDurationWords {
  return (key, values) => t(`duration.${key}`, values);
}

export function toPackLine(
  session: ChargingSession,
  currency: string,
  place: PlaceLabel | null,
  language: PackLanguage,
): PackLine {
  const { t, locale } = language;
  return {
    id: session.id,
    day: sessionDay(session),
    started: sessionStartLabel(session, locale),
    stopped: sessionStopLabel(session, locale),
    duration: sessionDurationLabel(session, durationWords(t)),
    place,
    energy: formatPackEnergy(energyWh(session), locale),
    amount: formatPackAmount(amountCents(session.amount), currency, language),
    cardNumber: session.cardNumber ?? null,
  };
}

/** `receipts/2026-03-14-70001.pdf` */
export function receiptPath(line: Pick<PackLine, "day" | "id">): string {
  return `receipts/${line.day}-${line.id}.pdf`;
}
