"use client";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import useSWR, { useSWRConfig } from "swr";
import { useLiveStream } from "@/components/live/live-stream";
import type { DriverEvent } from "@/lib/features/live/shared";
import type { BalanceView } from "@/lib/features/accounts/shared";
import { jsonFetcher, type FetchError } from "@/lib/core/swr-fetcher";

/** One hook for the balance resource on the one fetcher (lib/core/swr-fetcher.ts); only its wording is here. */

export const BALANCE_URL = "/api/account/balance";

/**
 * The rendered balance, polled every second while `polling` (after a voucher); with `push`, also each streamed change.
 * Comes with the stream's state: where it is open, a caller can wait for the push instead of polling.
 */
export function useBalance(initial: BalanceView, polling: boolean, url: string = BALANCE_URL, push = false) {
  const t = useTranslations("account.balance");
  const { mutate } = useSWRConfig();
  const live = useLiveStream(push, (event: DriverEvent) => {
    if (event.type !== "balance") return;
    if (event.formatted === undefined) return void mutate(url);
    const view: BalanceView = { amount: event.balance, currency: event.currency, formatted: event.formatted };
    void mutate<BalanceView>(url, view, { revalidate: false });
  });
  const fetchBalance = useMemo(
    () =>
      jsonFetcher<BalanceView>({
        wording: { offline: t("offline"), failed: () => t("loadFailed") },
        noStore: true,
        pick: (body) => (body as { balance?: BalanceView }).balance ?? undefined,
      }),
    [t],
  );
  const swr = useSWR<BalanceView, FetchError>(url, fetchBalance, {
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
  return [swr, live] as const;
}
