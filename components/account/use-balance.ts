"use client";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import useSWR from "swr";
import type { BalanceView } from "@/lib/features/accounts/balance-view";
import { jsonFetcher, type FetchError } from "@/lib/core/swr-fetcher";

/** One hook for the balance resource on the one fetcher (lib/core/swr-fetcher.ts); only its wording is here. */

export const BALANCE_URL = "/api/account/balance";

/**
 * The balance the page was rendered with, refreshed every second while `polling` (after a voucher
 * was accepted) and otherwise left alone: the page view already read it once.
 */
export function useBalance(initial: BalanceView, polling: boolean, url: string = BALANCE_URL) {
  const t = useTranslations("account.balance");
  const fetchBalance = useMemo(
    () =>
      jsonFetcher<BalanceView>({
        wording: { offline: t("offline"), failed: () => t("loadFailed") },
        noStore: true,
        pick: (body) => (body as { balance?: BalanceView }).balance ?? undefined,
      }),
    [t],
  );
  return useSWR<BalanceView, FetchError>(url, fetchBalance, {
    fallbackData: initial,
    revalidateOnMount: false,
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    refreshInterval: polling ? 1000 : 0,
    dedupingInterval: 500,
    // Polling itself retries; a failed read just waits for the next tick.
    shouldRetryOnError: false,
  });
}
