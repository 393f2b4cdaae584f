"use client";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { useLiveStream } from "@/components/live/live-stream";
import type { DriverEvent } from "@/lib/features/live/shared";
import { applySessionChange, type LiveSessionsResponse } from "@/lib/features/sessions/shared";
import { jsonFetcher, type FetchError } from "@/lib/core/swr-fetcher";

/** One SWR hook per resource (DESIGN.md convention 6) on the one fetcher; only its wording is here. */

export const LIVE_SESSIONS_URL = "/api/sessions/live";
export const LIVE_REFRESH_MS = 3_000;
/**
 * With a session running, the platform reports it every few seconds to a minute; a stream quiet this
 * long (a subscription gone, callbacks refused) counts as unavailable and the panel polls again.
 */
export const STREAM_QUIET_MS = 120_000;

/** The running sessions: streamed with `push`, else polled every few seconds while one runs; starts from the server's read. */
export function useLiveSessions(initial: LiveSessionsResponse, push = false) {
  const t = useTranslations("sessions");
  // Rebuilt only when the language changes; SWR always calls the latest fetcher.
  const fetchLiveSessions = useMemo(
    () =>
      jsonFetcher<LiveSessionsResponse>({
        wording: {
          offline: t("live.offline"),
          failed: (status) => {
            if (status === 401) return t("live.signedOut");
            if (status >= 500) return t("live.serverFailed");
            return t("live.failed");
          },
        },
        noStore: true,
      }),
    [t],
  );
  const signedOut = useRef(false);
  const { mutate } = useSWRConfig();
  const seen = useRef(new Map<string, number>());
  const lastEventAt = useRef(0);
  const hasRunning = useRef(initial.sessions.length > 0);
  const [quiet, setQuiet] = useState(false);
  const stream = useLiveStream(push, (event: DriverEvent) => {
    if (event.type !== "session") return;
    lastEventAt.current = Date.now();
    setQuiet(false);
    void mutate<LiveSessionsResponse>(
      LIVE_SESSIONS_URL,
      (current) => applySessionChange(current ?? initial, event.session, seen.current),
      { revalidate: false },
    );
  });
  useEffect(() => {
    if (!push) return;
    lastEventAt.current = Date.now();
    const timer = setInterval(() => {
      if (hasRunning.current && Date.now() - lastEventAt.current > STREAM_QUIET_MS) setQuiet(true);
    }, 5_000);
    return () => clearInterval(timer);
  }, [push]);
  const streaming = stream !== "unavailable" && !quiet;
  const initiallyRunning = initial.sessions.length > 0;
  // SWR hands this its cache, which is empty until the first poll (the server's read is only
  // fallback data): then the server's read decides. Stable identity, so the timer is not reset.
  const refreshInterval = useCallback(
    (latest: LiveSessionsResponse | undefined) => {
      if (signedOut.current || streaming) return 0;
      const running = latest ? latest.sessions.length > 0 : initiallyRunning;
      return running ? LIVE_REFRESH_MS : 0;
    },
    [initiallyRunning, streaming],
  );
  const answer = useSWR<LiveSessionsResponse, FetchError>(LIVE_SESSIONS_URL, fetchLiveSessions, {
    fallbackData: initial,
    revalidateOnMount: false,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    refreshInterval,
    onError: (error) => {
      if (error.status === 401) signedOut.current = true;
    },
  });
  useEffect(() => {
    hasRunning.current = (answer.data ?? initial).sessions.length > 0;
  });
  return answer;
}
