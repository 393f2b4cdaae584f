import { getLocale, getTranslations } from "next-intl/server";
import { formatKwh, formatMoney } from "@/lib/core/format";
import type { ChargingSession } from "@/lib/platform/types";
import type { PagePlaces } from "@/lib/features/sessions";
import { sessionCurrency, sessionDurationLabel, sessionStartLabel } from "@/lib/features/sessions/shared";
import { SessionTableView, type SessionRowView } from "./session-table-view";

export interface SessionTableProps {
  sessions: readonly ChargingSession[];
  /** The account currency of the driver the sessions belong to; null shows plain amounts. */
  currency: string | null;
  /** Names the table for assistive technology and as its visible caption. */
  caption: string;
  /** Link target of a row (its start time becomes the link); no links when left out. */
  rowHref?: (session: ChargingSession) => string;
  /** Where the sessions ran, as far as the platform told; no place column when it told none. */
  places?: PagePlaces;
}

/**
 * Formats every figure here and hands rows to SessionTableView as data: a table from `sm` up, one card per session
 * below (360 px, every figure visible).
 */
export async function SessionTable({ sessions, currency, caption, rowHref, places }: SessionTableProps) {
  const [tDuration, locale] = await Promise.all([getTranslations("duration"), getLocale()]);
  const rows = sessions.map((session): SessionRowView => {
    const place = session.locationId === null ? undefined : places?.labels[session.locationId];
    // Absent keys rather than undefined ones: the RSC payload spells out each "$undefined".
    return {
      id: session.id,
      start: sessionStartLabel(session, locale),
      duration: sessionDurationLabel(session, tDuration),
      energy: formatKwh(session.energyWh, locale),
      amount: formatMoney(session.amount, sessionCurrency(session, currency), locale),
      status: session.status,
      live: session.isRunning,
      ...(place !== undefined && { location: place.name }),
      ...(place?.address && { address: place.address }),
      ...(rowHref && { href: rowHref(session) }),
    };
  });
  return <SessionTableView rows={rows} caption={caption} placeColumn={places !== undefined && !places.noneTold} />;
}
