"use client";
import { lazy, Suspense } from "react";
import type { LiveSessionsProps } from "./live-sessions";

// The live panel (and SWR, which polls for it) is rendered on the server as usual, but its code is a
// chunk of its own that the browser fetches beside the page's: the sessions pages stay within their
// first-load budget, and the panel hydrates as soon as its chunk is there.
const LiveSessionsPanel = lazy(() => import("./live-sessions").then((module) => ({ default: module.LiveSessions })));

export function LiveSessions(props: LiveSessionsProps) {
  return (
    <Suspense>
      <LiveSessionsPanel {...props} />
    </Suspense>
  );
}
