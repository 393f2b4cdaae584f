import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { formatKwh, formatMoney } from "@/lib/core/format";
import type { ChargingSession } from "@/lib/platform/types";
import { sessionCurrency, sessionDurationLabel, sessionStartLabel } from "@/lib/features/sessions/display";
import { LiveBadge, SessionStatusBadge } from "./session-status-badge";
import { ColumnHeader } from "@/components/ui/table";

export interface SessionTableProps {
  sessions: readonly ChargingSession[];
  /** The account currency of the driver the sessions belong to; null shows plain amounts. */
  currency: string | null;
  /** Names the table for assistive technology and as its visible caption. */
  caption: string;
  /** Link target of a row (its start time becomes the link); no links when left out. */
  rowHref?: (session: ChargingSession) => string;
  /** Location id → display name, for the locations that are known. */
  locationNames?: Readonly<Record<number, string>>;
}

const cell = "px-3 py-2 align-middle";
const numeric = `${cell} text-right tabular-nums whitespace-nowrap`;
const linkClass =
  "text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-100 dark:hover:text-white";

/** A session's figures in the page's language, shared by the cards and the table rows. */
interface SessionRow {
  session: ChargingSession;
  start: React.ReactNode;
  duration: string;
  energy: string;
  amount: string;
  location: string | undefined;
}

function locationOf(session: ChargingSession, names?: Readonly<Record<number, string>>): string | undefined {
  return session.locationId === null ? undefined : names?.[session.locationId];
}

function StatusBadges({ session }: { session: ChargingSession }) {
  return (
    <span className="flex flex-wrap items-center gap-1">
      <SessionStatusBadge status={session.status} />
      {session.isRunning && <LiveBadge />}
    </span>
  );
}

/**
 * Charging sessions: start (the charge point's local time), duration, kWh, amount, status and
 * location. A server component, shared by the driver's /sessions and the admin area. A table from
 * the `sm` breakpoint up, one card per session below it (phones down to 360 px: every figure
 * visible); the table's region is positioned so the absolutely placed screen-reader texts inside
 * cannot widen the page.
 */
export async function SessionTable({ sessions, currency, caption, rowHref, locationNames }: SessionTableProps) {
  const [t, tDuration, locale] = await Promise.all([
    getTranslations("sessions.table"),
    getTranslations("duration"),
    getLocale(),
  ]);
  const rows: SessionRow[] = sessions.map((session) => {
    const start = sessionStartLabel(session, locale);
    return {
      session,
      start: rowHref ? (
        <Link href={rowHref(session)} className={linkClass}>
          {start}
          <span className="sr-only">{t("sessionLink", { id: String(session.id) })}</span>
        </Link>
      ) : (
        start
      ),
      duration: sessionDurationLabel(session, tDuration),
      energy: formatKwh(session.energyWh, locale),
      amount: formatMoney(session.amount, sessionCurrency(session, currency), locale),
      location: locationOf(session, locationNames),
    };
  });

  return (
    <>
      <ul aria-label={caption} className="space-y-2 sm:hidden">
        {rows.map((row) => (
          <li
            key={row.session.id}
            data-session-id={row.session.id}
            className="rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="flex flex-wrap items-center justify-between gap-2 font-medium">
              {row.start}
              <StatusBadges session={row.session} />
            </div>
            <dl className="mt-2 grid grid-cols-3 gap-2">
              <div>
                <dt className="text-xs text-slate-700 dark:text-slate-300">{t("energy")}</dt>
                <dd className="tabular-nums">{row.energy}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-700 dark:text-slate-300">{t("amount")}</dt>
                <dd className="tabular-nums">{row.amount}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-700 dark:text-slate-300">{t("duration")}</dt>
                <dd>{row.duration}</dd>
              </div>
            </dl>
            {row.location && <p className="mt-1 text-slate-700 dark:text-slate-300">{row.location}</p>}
          </li>
        ))}
      </ul>
      <div
        role="region"
        aria-label={caption}
        tabIndex={0}
        className="relative hidden overflow-x-auto rounded-lg border border-slate-200 bg-white sm:block dark:border-slate-800 dark:bg-slate-900"
      >
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            <tr>
              <ColumnHeader className={cell}>{t("start")}</ColumnHeader>
              <ColumnHeader className={cell}>{t("duration")}</ColumnHeader>
              <ColumnHeader className={`${cell} text-right`}>{t("energy")}</ColumnHeader>
              <ColumnHeader className={`${cell} text-right`}>{t("amount")}</ColumnHeader>
              <ColumnHeader className={cell}>{t("status")}</ColumnHeader>
              <ColumnHeader className={cell}>{t("location")}</ColumnHeader>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.session.id}
                data-session-id={row.session.id}
                className="border-t border-slate-200 dark:border-slate-800"
              >
                <th scope="row" className={`${cell} whitespace-nowrap text-left font-medium`}>
                  {row.start}
                </th>
                <td className={`${cell} whitespace-nowrap`}>{row.duration}</td>
                <td className={numeric}>{row.energy}</td>
                <td className={numeric}>{row.amount}</td>
                <td className={cell}>
                  <StatusBadges session={row.session} />
                </td>
                <td className={cell}>
                  {row.location ?? (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">{t("locationUnknown")}</span>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
