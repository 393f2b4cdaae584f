import Link from "next/link";
import { formatKwh, formatMoney } from "@/lib/format";
import type { ChargingSession } from "@/lib/platform/types";
import { sessionCurrency, sessionDurationLabel, sessionStartLabel } from "@/lib/sessions/display";
import { LiveBadge, SessionStatusBadge } from "./session-status-badge";

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

function locationOf(session: ChargingSession, names?: Readonly<Record<number, string>>): string | undefined {
  return session.locationId === null ? undefined : names?.[session.locationId];
}

function UnknownLocation() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">Location not known</span>
    </>
  );
}

function StartLink({ session, rowHref }: { session: ChargingSession; rowHref?: (session: ChargingSession) => string }) {
  const start = sessionStartLabel(session);
  if (!rowHref) return <>{start}</>;
  return (
    <Link href={rowHref(session)} className={linkClass}>
      {start}
      <span className="sr-only">, session {session.id}</span>
    </Link>
  );
}

function StatusBadges({ session }: { session: ChargingSession }) {
  return (
    <span className="flex flex-wrap items-center gap-1">
      <SessionStatusBadge status={session.status} />
      {session.isRunning && <LiveBadge />}
    </span>
  );
}

/** Below the `sm` breakpoint (phones down to 360 px): one card per session, every figure visible. */
function SessionCards({ sessions, currency, caption, rowHref, locationNames }: SessionTableProps) {
  return (
    <ul aria-label={caption} className="space-y-2 sm:hidden">
      {sessions.map((session) => (
        <li
          key={session.id}
          data-session-id={session.id}
          className="rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex flex-wrap items-center justify-between gap-2 font-medium">
            <StartLink session={session} rowHref={rowHref} />
            <StatusBadges session={session} />
          </div>
          <dl className="mt-2 grid grid-cols-3 gap-2">
            <div>
              <dt className="text-xs text-slate-700 dark:text-slate-300">Energy</dt>
              <dd className="tabular-nums">{formatKwh(session.energyWh)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-700 dark:text-slate-300">Amount</dt>
              <dd className="tabular-nums">{formatMoney(session.amount, sessionCurrency(session, currency))}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-700 dark:text-slate-300">Duration</dt>
              <dd>{sessionDurationLabel(session)}</dd>
            </div>
          </dl>
          {locationOf(session, locationNames) && (
            <p className="mt-1 text-slate-700 dark:text-slate-300">{locationOf(session, locationNames)}</p>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Charging sessions: start (the charge point's local time), duration, kWh, amount, status and
 * location. Server-renderable, shared by the driver's /sessions and the admin area. A table from
 * the `sm` breakpoint up, cards below it; the table's region is positioned so the absolutely placed
 * screen-reader texts inside cannot widen the page.
 */
export function SessionTable(props: SessionTableProps) {
  const { sessions, currency, caption, rowHref, locationNames } = props;
  return (
    <>
      <SessionCards {...props} />
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
              <th scope="col" className={cell}>
                Start
              </th>
              <th scope="col" className={cell}>
                Duration
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Energy
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Amount
              </th>
              <th scope="col" className={cell}>
                Status
              </th>
              <th scope="col" className={cell}>
                Location
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => {
              const location = locationOf(session, locationNames);
              return (
                <tr
                  key={session.id}
                  data-session-id={session.id}
                  className="border-t border-slate-200 dark:border-slate-800"
                >
                  <th scope="row" className={`${cell} whitespace-nowrap text-left font-medium`}>
                    <StartLink session={session} rowHref={rowHref} />
                  </th>
                  <td className={`${cell} whitespace-nowrap`}>{sessionDurationLabel(session)}</td>
                  <td className={numeric}>{formatKwh(session.energyWh)}</td>
                  <td className={numeric}>{formatMoney(session.amount, sessionCurrency(session, currency))}</td>
                  <td className={cell}>
                    <StatusBadges session={session} />
                  </td>
                  <td className={cell}>{location ?? <UnknownLocation />}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
