import type { Translator } from "@/lib/core/i18n/translator";
import type { ChargingSession, SessionStatus } from "@/lib/platform/types";
import { sessionDurationMs, sessionStartMs, sessionStopMs } from "./session-time";
import { toUtcIsoSeconds } from "@/lib/core/zoned-time";
import { csvCell, csvLine } from "@/lib/core/csv";

export { csvCell, csvLine, type CsvValue } from "@/lib/core/csv";

/** Session CSV (RFC 4180); numbers with a dot decimal in every locale, so spreadsheets parse them. Pure. */

/** The columns in order, as the English header names them (the other languages: sessionsCsv.columns). */

export const SESSION_CSV_COLUMNS = [
  "session_id",
  "started_at_utc",
  "started_at_local",
  "stopped_at_utc",
  "stopped_at_local",
  "duration_minutes",
  "energy_kwh",
  "amount",
  "currency",
  "status",
  "location_id",
  "location_name",
  "location_address",
  "evse_id",
] as const;

export type SessionCsvColumn = (typeof SESSION_CSV_COLUMNS)[number];

/** Each column's key under sessionsCsv.columns. */
const COLUMN_KEYS = {
  session_id: "sessionId",
  started_at_utc: "startedAtUtc",
  started_at_local: "startedAtLocal",
  stopped_at_utc: "stoppedAtUtc",
  stopped_at_local: "stoppedAtLocal",
  duration_minutes: "durationMinutes",
  energy_kwh: "energyKwh",
  amount: "amount",
  currency: "currency",
  status: "status",
  location_id: "locationId",
  location_name: "locationName",
  location_address: "locationAddress",
  evse_id: "evseId",
} as const satisfies Record<SessionCsvColumn, string>;

/**
 * The file's words in one language, looked up once per file rather than once per row: the header
 * line and each status as its cell.
 */
export interface SessionCsvWords {
  header: string;
  status: Readonly<Record<SessionStatus, string>>;
}

export function sessionCsvWords(t: Translator): SessionCsvWords {
  return {
    header: csvLine(SESSION_CSV_COLUMNS.map((column) => t(`sessionsCsv.columns.${COLUMN_KEYS[column]}`))),
    status: {
      started: csvCell(t("sessionsCsv.status.started")),
      charging: csvCell(t("sessionsCsv.status.charging")),
      finished: csvCell(t("sessionsCsv.status.finished")),
      failed: csvCell(t("sessionsCsv.status.failed")),
    },
  };
}

/** A location's name and one-line address, for the rows whose location the platform could tell. */
export interface PlaceLabel {
  name: string;
  address: string | null;
}

/** Looks a session's location up among those already read (see SessionPlaces); null when unknown. */
export type PlaceLookup = (locationId: number | null) => PlaceLabel | null;

const noPlaces: PlaceLookup = () => null;

export function sessionCsvHeader(words: SessionCsvWords): string {
  return words.header;
}

/** One Date for every row's instants: an export formats two per session, each a throwaway object. */
const scratchDate = new Date(0);

function isoUtc(ms: number | null): string | null {
  if (ms === null) return null;
  scratchDate.setTime(ms);
  return toUtcIsoSeconds(scratchDate);
}

/** Fixed decimals with a dot: kWh to the Wh (3), money to the cent (2). */
function decimal(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : "";
}

/**
 * The cells of one row, without its line end; `currencyCell` is already a cell, so a page's rows
 * quote the currency once, not per row.
 */
function rowCells(
  session: ChargingSession,
  currencyCell: string,
  placeOf: PlaceLookup,
  words: SessionCsvWords,
): string {
  const place = placeOf(session.locationId);
  const duration = session.isRunning ? null : sessionDurationMs(session);
  // Decimal strings are written as text cells; none can start with a formula character except a
  // minus sign, which a negative number legitimately has, so they bypass the guard as numbers do.
  return [
    csvCell(session.id),
    csvCell(isoUtc(sessionStartMs(session))),
    csvCell(session.startedAtLocal),
    csvCell(isoUtc(sessionStopMs(session))),
    csvCell(session.stoppedAtLocal),
    duration === null ? "" : String(Math.round(duration / 60_000)),
    decimal(session.energyWh / 1000, 3),
    decimal(session.amount, 2),
    currencyCell,
    words.status[session.status] ?? csvCell(session.status),
    csvCell(session.locationId),
    csvCell(place?.name),
    csvCell(place?.address),
    csvCell(session.evseId),
  ].join(",");
}

export function sessionCsvRow(
  session: ChargingSession,
  currency: string | null,
  words: SessionCsvWords,
  placeOf = noPlaces,
): string {
  return `${rowCells(session, csvCell(session.currency ?? currency), placeOf, words)}\r\n`;
}

/** The rows of a page of sessions as one string, formatted synchronously with a single join. */
export function sessionCsvRows(
  sessions: readonly ChargingSession[],
  currency: string | null,
  words: SessionCsvWords,
  placeOf = noPlaces,
): string {
  const currencyCell = csvCell(currency);
  // A session in a currency of its own (ampeco) says so; the rest share the account's cell.
  const rows = sessions.map((session) =>
    rowCells(session, session.currency ? csvCell(session.currency) : currencyCell, placeOf, words),
  );
  // The empty last item gives the last row its line end without copying the page once more.
  rows.push("");
  return rows.join("\r\n");
}

/** Where the location columns come from: a page's locations are read before its rows are written. */
export interface PlaceSource {
  learn(sessions: readonly ChargingSession[]): Promise<void>;
  label: PlaceLookup;
}

/**
 * One chunk per page, the first with the header. Page by page, not row by row: ~28,000 vs ~18,000 rows/s
 * (docs/design-notes.md#libfeaturessessionscsvts).
 */
export async function* sessionCsvChunks(
  pages: AsyncIterable<readonly ChargingSession[]>,
  currency: string | null,
  words: SessionCsvWords,
  places?: PlaceSource,
): AsyncGenerator<string, void, undefined> {
  let header = sessionCsvHeader(words);
  for await (const page of pages) {
    if (header === "" && page.length === 0) continue;
    if (places) await places.learn(page);
    yield header + sessionCsvRows(page, currency, words, places?.label ?? noPlaces);
    header = "";
  }
  if (header !== "") yield header;
}

/** `charging-sessions-2026-03-14.csv`; the date is the export day in the service's time zone. */
export function sessionCsvFilename(day: string, suffix = ""): string {
  return `charging-sessions-${day}${suffix}.csv`;
}
