import { getLocale, getTranslations } from "next-intl/server";
import { formatKwh, formatMoney } from "@/lib/core/format";
import type { ChargingSession } from "@/lib/platform/types";
import {
  sessionCurrency,
  sessionDurationLabel,
  sessionStartLabel,
  sessionStatusDetail,
  sessionStopLabel,
  type SessionLocationState,
} from "@/lib/features/sessions/shared";
import { LiveBadge, SessionStatusBadge } from "./session-status-badge";

export type { SessionLocationState } from "@/lib/features/sessions/shared";

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-t border-slate-200 py-2 first:border-t-0 sm:grid-cols-[12rem_1fr] dark:border-slate-800">
      <dt className="font-semibold text-slate-700 dark:text-slate-300">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/**
 * Every field of a session, in words and formats of the page's language, its times as the list shows them (the
 * driver's own zone): no UTC rows and no notes about what the platform left out (issue 36). A server component.
 */
export async function SessionDetails({ session, currency }: { session: ChargingSession; currency: string | null }) {
  const [t, tDuration, locale] = await Promise.all([
    getTranslations("sessionDetails"),
    getTranslations("duration"),
    getLocale(),
  ]);
  const statusDetail = sessionStatusDetail(session);
  return (
    <dl className="text-sm">
      <Row term={t("fields.status")}>
        <span className="flex flex-wrap items-center gap-1">
          <SessionStatusBadge status={session.status} />
          {session.isRunning && <LiveBadge />}
          {statusDetail && <span>({t(`statusDetail.${statusDetail}`)})</span>}
        </span>
      </Row>
      <Row term={t("fields.started")}>{sessionStartLabel(session, locale)}</Row>
      <Row term={t("fields.stopped")}>
        {session.isRunning ? tDuration("stillCharging") : sessionStopLabel(session, locale)}
      </Row>
      <Row term={t("fields.duration")}>{sessionDurationLabel(session, tDuration)}</Row>
      <Row term={t("fields.energy")}>{formatKwh(session.energyWh, locale)}</Row>
      <Row term={t("fields.amount")}>{formatMoney(session.amount, sessionCurrency(session, currency), locale)}</Row>
      <Row term={t("fields.sessionNumber")}>{session.id}</Row>
      <Row term={t("fields.evse")}>{session.evseId ?? "—"}</Row>
    </dl>
  );
}

/** The location joined through `locationId`, or a plain note when the platform has no details. */
export async function SessionLocation({ state }: { state: SessionLocationState }) {
  const t = await getTranslations("sessionDetails.location");
  if (state.kind === "none") return <p className="text-sm">{t("none")}</p>;
  if (state.kind === "unavailable") {
    return (
      <div className="text-sm">
        <p className="font-semibold">{t("unavailableTitle")}</p>
        <p className="text-slate-700 dark:text-slate-300">{t("unavailable", { id: String(state.locationId) })}</p>
      </div>
    );
  }
  const { location } = state;
  return (
    <dl className="text-sm">
      <Row term={t("name")}>{location.name}</Row>
      <Row term={t("address")}>{location.address ?? "—"}</Row>
      {location.latitude !== null && location.longitude !== null && (
        <Row term={t("coordinates")}>
          {location.latitude.toFixed(5)}, {location.longitude.toFixed(5)}
        </Row>
      )}
      <Row term={t("chargePoints")}>{location.evseCount}</Row>
    </dl>
  );
}
