import { useTranslations } from "next-intl";
import type { BalanceView } from "@/lib/features/accounts/shared";

/**
 * A null currency means no transaction yet, said in words; a balance the platform omits is "not available", never 0.
 */
export function Balance({ view, updating = false }: { view: BalanceView; updating?: boolean }) {
  const t = useTranslations("account.balance");
  return (
    <div data-testid="balance" aria-busy={updating || undefined}>
      {view.amount === null ? (
        <>
          <p className="text-2xl font-bold">{t("notAvailable")}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("notAvailableWhy")}</p>
        </>
      ) : view.currency ? (
        <p className="text-3xl font-bold tabular-nums">{view.formatted}</p>
      ) : view.amount === 0 ? (
        <>
          <p className="text-2xl font-bold">{t("noTransactions")}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("startsWithFirst")}</p>
        </>
      ) : (
        <>
          <p className="text-3xl font-bold tabular-nums">{view.formatted}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("currencyLater")}</p>
        </>
      )}
    </div>
  );
}
