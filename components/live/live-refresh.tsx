"use client";
import { useRouter } from "next/navigation";
import type { DriverEvent } from "@/lib/features/live/shared";
import { useLiveStream } from "./live-stream";

/**
 * Re-renders a server-rendered page when the tab's event stream says something of `on` changed (a
 * card's status on /cards): the page reads the platform again, nothing is polled in between.
 */
export function LiveRefresh({ push, on }: { push: boolean; on: DriverEvent["type"] }) {
  const router = useRouter();
  useLiveStream(push, (event) => {
    if (event.type === on) router.refresh();
  });
  return null;
}
