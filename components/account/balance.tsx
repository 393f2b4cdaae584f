import type { BalanceView } from "@/lib/accounts/balance-view";

/**
 * A driver's balance, formatted in the account currency. A null currency means no transaction yet:
 * that is said in words instead of a number without a currency. Server- and client-safe.
 */
export function Balance({ view, updating = false }: { view: BalanceView; updating?: boolean }) {
  return (
    <div data-testid="balance" aria-busy={updating || undefined}>
      {view.currency ? (
        <p className="text-3xl font-bold tabular-nums">{view.formatted}</p>
      ) : view.amount === 0 ? (
        <>
          <p className="text-2xl font-bold">No transactions yet</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Your balance starts with your first charge or voucher.
          </p>
        </>
      ) : (
        <>
          <p className="text-3xl font-bold tabular-nums">{view.formatted}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            No transactions yet: the currency is set with your first charge or voucher.
          </p>
        </>
      )}
    </div>
  );
}
