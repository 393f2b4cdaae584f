"use client";
import { useEffect } from "react";
import { DownloadProgress } from "./download-progress";
import { useFollowedDownload } from "./followed-download";

/** Starts the download on each click (`request` counts them) and shows where it is. Loaded on first use. */
export function FollowedDownloadPanel({
  href,
  filename,
  request,
}: {
  href: string;
  filename: string;
  request: number;
}) {
  const { state, start, cancel } = useFollowedDownload();
  useEffect(() => {
    void start(href, filename);
  }, [href, filename, request, start]);
  return <DownloadProgress state={state} onCancel={cancel} />;
}
