import { getLocale, getTranslations } from "next-intl/server";
import type { AuditEntryView } from "@/lib/features/admin";
import { auditActionKey } from "@/lib/features/admin/shared";
import { formatDateTime } from "@/lib/core/format";
import { Badge } from "@/components/ui/badge";
import { ColumnHeader, ScrollingTable } from "@/components/ui/table";
import { TextLink } from "@/components/ui/text-link";

function detailText(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Read-only: the portal offers no way to edit or delete an entry. */
export async function AuditTable({ entries }: { entries: AuditEntryView[] }) {
  const t = await getTranslations("audit");
  const locale = await getLocale();
  /** A name the portal no longer records is shown as it is stored. */
  const actionLabel = (action: string) => {
    const key = auditActionKey(action);
    return key ? t(`actions.${key}`) : action;
  };
  const columns = [
    t("table.when"),
    t("table.staff"),
    t("table.action"),
    t("table.driver"),
    t("table.card"),
    t("table.outcome"),
    t("table.details"),
  ];
  const header = columns.map((column) => (
    <ColumnHeader key={column} className="px-3 py-2 font-semibold">
      {column}
    </ColumnHeader>
  ));
  return (
    <ScrollingTable label={t("table.label")} caption={t("table.caption")} minWidth="min-w-[48rem]" header={header}>
      {entries.map((entry) => (
        <tr key={entry.id} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800">
          <td className="px-3 py-2 whitespace-nowrap">
            <time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time>
          </td>
          <td className="px-3 py-2 break-all">{entry.actorEmail}</td>
          <td className="px-3 py-2">{actionLabel(entry.action)}</td>
          <td className="px-3 py-2 tabular-nums">
            {entry.targetPlatformUserId === null ? (
              "—"
            ) : (
              <TextLink href={`/admin/users/${entry.targetPlatformUserId}`}>{entry.targetPlatformUserId}</TextLink>
            )}
          </td>
          <td className="px-3 py-2 font-mono text-xs break-all">{entry.targetCard ?? "—"}</td>
          <td className="px-3 py-2">
            {entry.outcome === "success" ? (
              <Badge tone="green">{t("outcome.success")}</Badge>
            ) : (
              <Badge tone="red">{t("outcome.failure")}</Badge>
            )}
          </td>
          <td className="px-3 py-2 text-xs">
            {entry.reason && <p className="mb-1 font-mono">{t("reason", { code: entry.reason })}</p>}
            {entry.error && <p className="mb-1 text-red-800 dark:text-red-300">{entry.error}</p>}
            {entry.details && Object.keys(entry.details).length > 0 ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-2">
                {Object.entries(entry.details).map(([key, value]) => (
                  <div key={key} className="contents">
                    <dt className="font-semibold">{key}</dt>
                    <dd className="break-all">{detailText(value)}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </td>
        </tr>
      ))}
    </ScrollingTable>
  );
}
