"use client";
import { useCallback, useRef } from "react";
import useSWR from "swr";
import type { LiveSessionsResponse } from "@/lib/sessions/live-view";

/** One SWR hook per resource (DESIGN.md convention 6) and one fetcher that throws with the status. */

export const LIVE_SESSIONS_URL = "/api/sessions/live";
export const LIVE_REFRESH_MS = 3_000;

export class SessionsFetchError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "SessionsFetchError";
  }
}

function fallbackMessage(status: number): string {
  if (status === 401) return "Your sign-in has ended. Sign in again to follow your charging session.";
  if (status >= 500) return "The live figures could not be refreshed. They will update again shortly.";
  return "The live figures could not be refreshed.";
}

export async function fetchSessionsJson<T>(url: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json" }, cache: "no-store" });
  } catch {
    throw new SessionsFetchError(0, "You seem to be offline. The live figures update again when you are back online.");
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new SessionsFetchError(response.status, typeof body?.error === "string" ? body.error : fallbackMessage(response.status));
  }
  return (await response.json()) as T;
}

/**
 * The driver's running sessions, polled every few seconds while one is running and not at all once
 * none is (or the sign-in has ended). Starts from the server's read, so the first paint needs no fetch.
 */
export function useLiveSessions(initial: LiveSessionsResponse) {
  const signedOut = useRef(false);
  const initiallyRunning = initial.sessions.length > 0;
  // SWR hands this its cache, which is empty until the first poll (the server's read is only
  // fallback data): then the server's read decides. Stable identity, so the timer is not reset.
  const refreshInterval = useCallback(
    (latest: LiveSessionsResponse | undefined) => {
      if (signedOut.current) return 0;
      const running = latest ? latest.sessions.length > 0 : initiallyRunning;
      return running ? LIVE_REFRESH_MS : 0;
    },
    [initiallyRunning],
  );
  return useSWR<LiveSessionsResponse, SessionsFetchError>(LIVE_SESSIONS_URL, fetchSessionsJson<LiveSessionsResponse>, {
    fallbackData: initial,
    revalidateOnMount: false,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    refreshInterval,
    onError: (error) => {
      if (error.status === 401) signedOut.current = true;
    },
  });
}
