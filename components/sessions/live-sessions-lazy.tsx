"use client";
import { lazy, Suspense } from "react";
import type { LiveSessionsProps } from "./live-sessions";

// Server-rendered as usual, but its code (and SWR's) is a chunk of its own, so the sessions pages stay within their
// first-load budget.
const LiveSessionsPanel = lazy(() => import("./live-sessions").then((module) => ({ default: module.LiveSessions })));

export function LiveSessions(props: LiveSessionsProps) {
  return (
    <Suspense>
      <LiveSessionsPanel {...props} />
    </Suspense>
  );
}
