import Link from "next/link";
import type { DriverSearchHit } from "@/lib/admin/find-driver";
import { formatMoney } from "@/lib/format";
import { CardStatusBadge } from "@/components/cards/card-status-badge";

/** Search hits; each one links to the driver page, where every support task starts. */
export function DriverSearchResults({ hits, byCard }: { hits: DriverSearchHit[]; byCard: boolean }) {
  return (
    <div
      role="region"
      aria-label="Drivers found"
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Drivers found</caption>
        <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">
              Driver
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              E-mail
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              Platform id
            </th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">
              Balance
            </th>
            {byCard && (
              <th scope="col" className="px-4 py-2 font-semibold">
                Card link
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {hits.map(({ user, matchedCard }) => {
            const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || "(no name)";
            return (
              <tr
                key={`${user.id}-${matchedCard?.id ?? "user"}`}
                className="border-b border-slate-100 last:border-0 dark:border-slate-800"
              >
                <th scope="row" className="px-4 py-2 font-medium">
                  <Link
                    href={`/admin/users/${user.id}`}
                    className="font-semibold text-brand-700 underline dark:text-brand-100"
                  >
                    {name}
                  </Link>
                </th>
                <td className="px-4 py-2 break-all">{user.email}</td>
                <td className="px-4 py-2 tabular-nums">{user.id}</td>
                <td className="px-4 py-2 text-right tabular-nums">{formatMoney(user.balance ?? 0, user.currency)}</td>
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
        </tbody>
      </table>
    </div>
  );
}
