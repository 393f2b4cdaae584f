"use client";
import useSWR from "swr";
import type { BalanceView } from "./balance-view";

/** One hook for the balance resource, one fetcher that throws with the status (DESIGN.md 6). */

export const BALANCE_URL = "/api/account/balance";

export class BalanceFetchError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "BalanceFetchError";
  }
}

export async function fetchBalance(url: string): Promise<BalanceView> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json" }, cache: "no-store" });
  } catch {
    throw new BalanceFetchError(0, "You seem to be offline. Check your connection.");
  }
  const body = (await response.json().catch(() => null)) as { balance?: BalanceView; error?: string } | null;
  if (!response.ok || !body?.balance) {
    throw new BalanceFetchError(response.status, body?.error ?? "Your balance could not be loaded right now.");
  }
  return body.balance;
}

/**
 * The balance the page was rendered with, refreshed every second while `polling` (after a voucher
 * was accepted) and otherwise left alone: the page view already read it once.
 */
export function useBalance(initial: BalanceView, polling: boolean, url: string = BALANCE_URL) {
  return useSWR<BalanceView, BalanceFetchError>(url, fetchBalance, {
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
