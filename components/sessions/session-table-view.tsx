"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { SessionStatus } from "@/lib/platform/types";
import { ColumnHeader } from "@/components/ui/table";
import { LiveBadge, SessionStatusBadge } from "./session-status-badge";

/** One session as the table shows it, every figure already in the page's language. */
export interface SessionRowView {
  id: string;
  start: string;
  duration: string;
  energy: string;
  amount: string;
  status: SessionStatus;
  live: boolean;
  /** Left out when the location is not known. */
  location?: string;
  /** The place's street and city; left out when not known. */
  address?: string;
  /** Left out when the row links nowhere. */
  href?: string;
}

/** A CSS string for the card labels' `content` (JSON's escapes of quotes and backslashes are CSS's too). */
const cssText = (text: string) => JSON.stringify(text);

/** A client component so the RSC payload carries rows as data, not element trees (issue 26: /sessions' HTML size). */
export function SessionTableView({
  rows,
  caption,
  placeColumn,
}: {
  rows: readonly SessionRowView[];
  caption: string;
  /** False when the platform named no place at all: the page says so once instead of on every row. */
  placeColumn: boolean;
}) {
  const t = useTranslations("sessions.table");
  // The cards' labels; the column headers name the cells for assistive technology.
  const labels = {
    "--duration": cssText(t("duration")),
    "--energy": cssText(t("energy")),
    "--amount": cssText(t("amount")),
  } as React.CSSProperties;
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="sessions-box">
      <table className="sessions-table" style={labels}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <ColumnHeader>{t("start")}</ColumnHeader>
            <ColumnHeader>{t("duration")}</ColumnHeader>
            <ColumnHeader>{t("energy")}</ColumnHeader>
            <ColumnHeader>{t("amount")}</ColumnHeader>
            <ColumnHeader>{t("status")}</ColumnHeader>
            {placeColumn && <ColumnHeader>{t("location")}</ColumnHeader>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-session-id={row.id}>
              <th scope="row">
                {row.href ? (
                  <Link href={row.href}>
                    {row.start}
                    <span className="sr-only">{t("sessionLink", { id: String(row.id) })}</span>
                  </Link>
                ) : (
                  row.start
                )}
              </th>
              <td>{row.duration}</td>
              <td>{row.energy}</td>
              <td>{row.amount}</td>
              <td>
                <span>
                  <SessionStatusBadge status={row.status} />
                  {row.live && <LiveBadge />}
                </span>
              </td>
              {placeColumn && (
                <td>
                  {row.location === undefined ? (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">{t("locationUnknown")}</span>
                    </>
                  ) : (
                    <span className="session-place">
                      <span>{row.location}</span>
                      {row.address && <span className="session-address">{row.address}</span>}
                    </span>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
