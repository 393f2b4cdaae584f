"use client";
import useSWR from "swr";
import type { BalanceView } from "@/lib/accounts/balance-view";
import { jsonFetcher, type FetchError } from "@/lib/swr/fetcher";

/** One hook for the balance resource on the one fetcher (lib/swr/fetcher.ts); only its wording is here. */

export const BALANCE_URL = "/api/account/balance";

const fetchBalance = jsonFetcher<BalanceView>({
  wording: {
    offline: "You seem to be offline. Check your connection.",
    failed: () => "Your balance could not be loaded right now.",
  },
  noStore: true,
  pick: (body) => (body as { balance?: BalanceView }).balance ?? undefined,
});

/**
 * The balance the page was rendered with, refreshed every second while `polling` (after a voucher
 * was accepted) and otherwise left alone: the page view already read it once.
 */
export function useBalance(initial: BalanceView, polling: boolean, url: string = BALANCE_URL) {
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
