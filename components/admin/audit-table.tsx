import { getLocale, getTranslations } from "next-intl/server";
import type { AuditEntryView } from "@/lib/features/admin";
import { auditActionKey } from "@/lib/features/admin/shared";
import { formatDateTime } from "@/lib/core/format";
import { Badge } from "@/components/ui/badge";
import { ColumnHeader, ScrollingTable } from "@/components/ui/table";
import { TextLink } from "@/components/ui/text-link";
import { BreakableAddress } from "@/components/ui/rich-text";

type AuditT = Awaited<ReturnType<typeof getTranslations<"audit">>>;

/** A stored value in words: lists joined, nested fields as "label: value", yes or no; never raw JSON. */
function detailText(value: unknown, t: AuditT): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  if (Array.isArray(value)) return value.map((item) => detailText(item, t)).join(", ");
  if (typeof value === "object")
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${detailLabel(key, t)}: ${detailText(inner, t)}`)
      .join("; ");
  return String(value);
}

/** A stored field's label in the reader's language; one the portal no longer writes is shown as it is stored. */
function detailLabel(key: string, t: AuditT): string {
  return t.has(`detailLabels.${key}` as "detailLabels.from") ? t(`detailLabels.${key}` as "detailLabels.from") : key;
}

function reasonText(code: string, t: AuditT): string {
  return t.has(`reasons.${code}` as "reasons.error") ? t(`reasons.${code}` as "reasons.error") : code;
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
  /** "Changed the e-mail address of Demi Driver", the driver linked to their page; made here from the stored code. */
  const sentence = (entry: AuditEntryView) => {
    const key = auditActionKey(entry.action);
    if (!key) return null;
    const id = entry.targetPlatformUserId;
    const name = entry.targetName ?? (id === null ? "—" : t("unknownDriver", { id }));
    return t.rich(`done.${key}` as "done.driverCreate", {
      name,
      driver: (chunks) => (id === null ? chunks : <TextLink href={`/admin/users/${id}`}>{chunks}</TextLink>),
    });
  };
  const columns = [
    t("table.when"),
    t("table.staff"),
    t("table.what"),
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
          <td className="px-3 py-2">
            <BreakableAddress>{entry.actorEmail}</BreakableAddress>
          </td>
          <td className="px-3 py-2">
            <p className="font-semibold">{actionLabel(entry.action)}</p>
            <p>{sentence(entry)}</p>
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
            {entry.reason && <p className="mb-1">{t("reasonWords", { reason: reasonText(entry.reason, t) })}</p>}
            {entry.error && <p className="mb-1 text-red-800 dark:text-red-300">{entry.error}</p>}
            {entry.details && Object.keys(entry.details).length > 0 ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-2">
                {Object.entries(entry.details).map(([key, value]) => (
                  <div key={key} className="contents">
                    <dt className="font-semibold">{detailLabel(key, t)}</dt>
                    <dd className="break-all">{detailText(value, t)}</dd>
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
