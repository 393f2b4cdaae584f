"use client";
import { useTranslations } from "next-intl";
import { buttonClasses } from "./button-classes";
import type { FollowedDownload } from "./followed-download";

/**
 * Where a followed download is ("12 of 48 receipts", a bar when the total is known), its Cancel, and how it ended.
 * The outcome is a status line for screen readers; a failure is the caller's to show next to its form.
 */
export function DownloadProgress({
  state,
  onCancel,
  failed,
}: {
  state: FollowedDownload;
  onCancel: () => void;
  /** The words for a failure the server did not word. */
  failed?: string;
}) {
  const t = useTranslations("downloadProgress");
  if (state.phase === "idle") return null;
  let text: string;
  if (state.phase === "running") {
    const progress = state.progress;
    text = progress
      ? t(`step.${progress.step as "starting"}`, { done: progress.done, total: progress.total ?? 0 })
      : t("step.starting");
  } else if (state.phase === "done") text = t("done", { filename: state.filename });
  else if (state.phase === "cancelled") text = t("cancelled");
  else text = state.message ?? (state.offline ? t("offline") : (failed ?? t("failed")));
  const total = state.phase === "running" ? state.progress?.total : null;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      {state.phase === "running" && (
        <progress
          aria-label={t("progressLabel")}
          className="h-2 w-40 accent-brand-700"
          max={total || undefined}
          value={total ? state.progress?.done : undefined}
        />
      )}
      <p role={state.phase === "failed" ? "alert" : "status"} aria-live="polite" className="min-w-0">
        {text}
      </p>
      {state.phase === "running" && (
        <button type="button" className={buttonClasses("secondary")} onClick={onCancel}>
          {t("cancel")}
        </button>
      )}
    </div>
  );
}
