import { formatDateTime, formatKwh, formatMoney } from "@/lib/format";
import type { ChargingSession } from "@/lib/platform/types";
import {
  assumedTimeZoneNote,
  sessionCurrency,
  sessionDurationLabel,
  sessionStartLabel,
  sessionStatusDetail,
  sessionStopLabel,
} from "@/lib/sessions/display";
import type { SessionLocationState } from "@/lib/sessions/location";
import { LiveBadge, SessionStatusBadge } from "./session-status-badge";

export type { SessionLocationState } from "@/lib/sessions/location";

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-t border-slate-200 py-2 first:border-t-0 sm:grid-cols-[12rem_1fr] dark:border-slate-800">
      <dt className="font-semibold text-slate-700 dark:text-slate-300">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** Every field of a session, in words and local formats. Server-renderable. */
export function SessionDetails({ session, currency }: { session: ChargingSession; currency: string | null }) {
  const statusDetail = sessionStatusDetail(session);
  const zoneNote = assumedTimeZoneNote(session);
  return (
    <dl className="text-sm">
      <Row term="Status">
        <span className="flex flex-wrap items-center gap-1">
          <SessionStatusBadge status={session.status} />
          {session.isRunning && <LiveBadge />}
          {statusDetail && <span>({statusDetail})</span>}
        </span>
      </Row>
      <Row term="Started (local time)">{sessionStartLabel(session)}</Row>
      <Row term="Stopped (local time)">{session.isRunning ? "Still charging" : sessionStopLabel(session)}</Row>
      {zoneNote && <Row term="Time zone">{zoneNote}</Row>}
      <Row term="Duration">{sessionDurationLabel(session)}</Row>
      <Row term="Energy">{formatKwh(session.energyWh)}</Row>
      <Row term="Amount">{formatMoney(session.amount, sessionCurrency(session, currency))}</Row>
      <Row term="Started (UTC)">{session.startedAt ? formatDateTime(session.startedAt, undefined, "UTC") : "—"}</Row>
      <Row term="Stopped (UTC)">{session.stoppedAt ? formatDateTime(session.stoppedAt, undefined, "UTC") : "—"}</Row>
      <Row term="Session number">{session.id}</Row>
      <Row term="Charge point (EVSE)">{session.evseId ?? "—"}</Row>
    </dl>
  );
}

/** The location joined through `locationId`, or a plain note when the platform has no details. */
export function SessionLocation({ state }: { state: SessionLocationState }) {
  if (state.kind === "none") return <p className="text-sm">The platform did not say where this session took place.</p>;
  if (state.kind === "unavailable") {
    return (
      <div className="text-sm">
        <p className="font-semibold">Location details unavailable</p>
        <p className="text-slate-700 dark:text-slate-300">
          The charging service has no details for location {state.locationId} right now. Your session figures above are
          complete.
        </p>
      </div>
    );
  }
  const { location } = state;
  return (
    <dl className="text-sm">
      <Row term="Name">{location.name}</Row>
      <Row term="Address">{location.address ?? "—"}</Row>
      {location.latitude !== null && location.longitude !== null && (
        <Row term="Coordinates">
          {location.latitude.toFixed(5)}, {location.longitude.toFixed(5)}
        </Row>
      )}
      <Row term="Charge points">{location.evseCount}</Row>
    </dl>
  );
}
