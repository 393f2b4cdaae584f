import { getLocale, getTranslations } from "next-intl/server";
import type { DriverSearchHit } from "@/lib/features/admin";
import { formatMoney } from "@/lib/core/format";
import { CardStatusBadge } from "@/components/cards/card-status-badge";
import { ColumnHeader, ScrollingTable } from "@/components/ui/table";
import { TextLink } from "@/components/ui/text-link";
import { BreakableAddress } from "@/components/ui/rich-text";

/** One row per hit: a driver can be listed once per link of the searched card code. */
function rowKey({ user, matchedCard }: DriverSearchHit): string {
  return `${user?.id ?? "unassigned"}-${matchedCard?.id ?? "user"}`;
}

/** Search hits; each one links to the driver page, where every support task starts. */
export async function DriverSearchResults({ hits, byCard }: { hits: DriverSearchHit[]; byCard: boolean }) {
  const t = await getTranslations("driverSearch");
  const locale = await getLocale();
  const header = (
    <>
      <ColumnHeader className="px-4 py-2 font-semibold">{t("results.driver")}</ColumnHeader>
      <ColumnHeader className="px-4 py-2 font-semibold">{t("results.email")}</ColumnHeader>
      <ColumnHeader className="px-4 py-2 font-semibold">{t("results.id")}</ColumnHeader>
      <ColumnHeader className="px-4 py-2 text-right font-semibold">{t("results.balance")}</ColumnHeader>
      {byCard && <ColumnHeader className="px-4 py-2 font-semibold">{t("results.cardLink")}</ColumnHeader>}
    </>
  );
  return (
    <ScrollingTable label={t("results.label")} caption={t("results.label")} minWidth="min-w-[36rem]" header={header}>
      {hits.map((hit) => {
        const { user, matchedCard } = hit;
        if (!user)
          return (
            <tr key={rowKey(hit)} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
              <th scope="row" className="px-4 py-2 font-medium">
                {t("results.unassigned")}
              </th>
              <td className="px-4 py-2" colSpan={3}>
                {t("results.unassignedHint")}
              </td>
              {byCard && (
                <td className="px-4 py-2">
                  {matchedCard && (
                    <span className="inline-flex flex-wrap items-center gap-2">
                      <span className="font-mono">{matchedCard.code}</span>
                      {matchedCard.visualNumber && <span>{matchedCard.visualNumber}</span>}
                      <CardStatusBadge status={matchedCard.status} />
                    </span>
                  )}
                </td>
              )}
            </tr>
          );
        const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || t("results.noName");
        return (
          <tr key={rowKey(hit)} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
            <th scope="row" className="px-4 py-2 font-medium">
              <TextLink href={`/admin/users/${user.id}`}>{name}</TextLink>
            </th>
            <td className="px-4 py-2">
              <BreakableAddress>{user.email}</BreakableAddress>
            </td>
            <td className="px-4 py-2 tabular-nums">{user.id}</td>
            <td className="px-4 py-2 text-right tabular-nums">
              {user.balance === null
                ? t("results.balanceNotAvailable")
                : formatMoney(user.balance, user.currency, locale)}
            </td>
            {byCard && (
              <td className="px-4 py-2">
                {matchedCard ? (
                  <span className="inline-flex flex-wrap items-center gap-2">
                    <span className="font-mono">{matchedCard.code}</span>
                    <CardStatusBadge status={matchedCard.status} />
                  </span>
                ) : (
                  "—"
                )}
              </td>
            )}
          </tr>
        );
      })}
    </ScrollingTable>
  );
}
