"use client";
import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import type { DriverEvent } from "@/lib/features/live/shared";

/** The tab's one event stream, shared by its panels; `unavailable` (none, failed or ended) makes them poll. */
export const LIVE_STREAM_URL = "/api/live";
export type LiveStreamState = "connecting" | "open" | "unavailable";

type Listener = (event: DriverEvent) => void;

interface SharedStream {
  source: EventSource;
  state: LiveStreamState;
  listeners: Set<Listener>;
  watchers: Set<() => void>;
}

let shared: SharedStream | null = null;

function setState(stream: SharedStream, state: LiveStreamState) {
  stream.state = state;
  for (const watch of stream.watchers) watch();
}

function openShared(): SharedStream {
  if (shared && shared.state !== "unavailable") return shared;
  const source = new EventSource(LIVE_STREAM_URL);
  const stream: SharedStream = { source, state: "connecting", listeners: new Set(), watchers: new Set() };
  const stop = () => {
    source.close();
    setState(stream, "unavailable");
  };
  source.addEventListener("open", () => setState(stream, "open"));
  // Before it ever opened, an error is the answer "no stream here" (404) or no server: give up.
  source.addEventListener("error", () => {
    if (stream.state === "connecting" || source.readyState === EventSource.CLOSED) stop();
  });
  source.addEventListener("end", stop);
  for (const type of ["session", "balance", "card"] as const) {
    source.addEventListener(type, (message) => {
      let event: DriverEvent;
      try {
        event = JSON.parse((message as MessageEvent<string>).data) as DriverEvent;
      } catch {
        return;
      }
      if (event.type !== type) return;
      for (const listener of stream.listeners) listener(event);
    });
  }
  shared = stream;
  return stream;
}

const idle = () => () => {};

/** Listens to the tab's stream while `enabled`; the state says whether to poll instead. */
export function useLiveStream(enabled: boolean, onEvent: Listener): LiveStreamState {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => {
    if (!enabled) return;
    const stream = openShared();
    const listener: Listener = (event) => latest.current(event);
    stream.listeners.add(listener);
    return () => {
      stream.listeners.delete(listener);
      if (stream.listeners.size === 0) {
        stream.source.close();
        if (shared === stream) shared = null;
      }
    };
  }, [enabled]);
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!enabled) return idle();
      const stream = openShared();
      stream.watchers.add(notify);
      return () => void stream.watchers.delete(notify);
    },
    [enabled],
  );
  return useSyncExternalStore(
    subscribe,
    () => (enabled ? (shared?.state ?? "connecting") : "unavailable"),
    () => (enabled ? "connecting" : "unavailable"),
  );
}
