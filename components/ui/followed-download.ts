"use client";
import { useCallback, useEffect, useRef, useState } from "react";

/**
 * A download the page follows (issue 36): fetched with a job id, its progress polled from `/api/downloads/{id}` (any
 * instance answers), cancelled by aborting the fetch and asking the server to stop, and saved when done.
 */

export interface DownloadProgressView {
  step: string;
  done: number;
  total: number | null;
}

export type FollowedDownload =
  | { phase: "idle" }
  | { phase: "running"; progress: DownloadProgressView | null }
  | { phase: "done"; filename: string }
  | { phase: "cancelled" }
  /** `message` is the server's, in the page's language; `offline` when the network failed. */
  | { phase: "failed"; message: string | null; offline?: boolean; fields?: Record<string, string[]> };

const POLL_MS = 600;

/** 32 hex characters; `getRandomValues` works on plain http too, where `randomUUID` does not. */
function jobId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function filenameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  return match?.[1] ?? fallback;
}

/** Hands the downloaded file to the browser, the way a plain download link would. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useFollowedDownload() {
  const [state, setState] = useState<FollowedDownload>({ phase: "idle" });
  const running = useRef<{ id: string; controller: AbortController } | null>(null);

  const stop = useCallback(() => {
    const current = running.current;
    running.current = null;
    if (!current) return;
    current.controller.abort();
    // The fetch's end stops the instance streaming it; this also reaches one the connection has not told yet.
    void fetch(`/api/downloads/${current.id}`, { method: "DELETE" }).catch(() => undefined);
  }, []);

  useEffect(() => stop, [stop]);

  const start = useCallback(
    async (url: string, fallbackName: string): Promise<FollowedDownload> => {
      stop();
      const id = jobId();
      const controller = new AbortController();
      running.current = { id, controller };
      setState({ phase: "running", progress: null });
      const poll = setInterval(() => {
        void fetch(`/api/downloads/${id}`, { signal: controller.signal })
          .then((response) => (response.ok ? (response.json() as Promise<DownloadProgressView>) : null))
          .then((progress) => {
            if (progress && running.current?.id === id) setState({ phase: "running", progress });
          })
          .catch(() => undefined);
      }, POLL_MS);
      let outcome: FollowedDownload;
      try {
        const separator = url.includes("?") ? "&" : "?";
        const response = await fetch(`${url}${separator}progress=${id}`, { signal: controller.signal });
        if (!response.ok) {
          const body = (await response.json().catch(() => null)) as {
            error?: string;
            fields?: Record<string, string[]>;
          } | null;
          outcome = { phase: "failed", message: body?.error ?? null, fields: body?.fields };
        } else {
          const filename = filenameOf(response, fallbackName);
          saveFile(await response.blob(), filename);
          outcome = { phase: "done", filename };
        }
      } catch {
        outcome = controller.signal.aborted
          ? { phase: "cancelled" }
          : { phase: "failed", message: null, offline: true };
      } finally {
        clearInterval(poll);
      }
      if (controller.signal.aborted) outcome = { phase: "cancelled" };
      if (running.current?.id === id) running.current = null;
      setState(outcome);
      return outcome;
    },
    [stop],
  );

  const cancel = useCallback(() => {
    stop();
    setState({ phase: "cancelled" });
  }, [stop]);

  return { state, start, cancel };
}
