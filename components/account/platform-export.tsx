"use client";
import { useActionState } from "react";
import { FormStatus } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { idle } from "@/lib/forms/action-result";
import type { PlatformExportResult } from "@/lib/accounts/platform-export-action";

type PlatformExportAction = (previous: PlatformExportResult, formData?: FormData) => Promise<PlatformExportResult>;

/**
 * The charging service's own export of the driver's data (ampeco): one press asks the platform,
 * which answers a link that works for a day. The link opens the platform's file directly; the
 * portal keeps nothing of it.
 */
export function PlatformExport({ action }: { action: PlatformExportAction }) {
  const [state, formAction] = useActionState<PlatformExportResult, FormData>(action, idle);
  const link = state.status === "ok" ? state.data : undefined;
  return (
    <form action={formAction} className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-700">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The charging service also keeps its own copy of your data. Ask it for an export and you get a download link from
        the charging service itself.
      </p>
      <SubmitButton variant="secondary" pendingLabel="Asking the charging service…">
        {link ? "Ask for a new link" : "Ask the charging service for my data"}
      </SubmitButton>
      <FormStatus
        tone={state.status === "ok" ? "success" : "error"}
        message={state.status === "ok" || state.status === "error" ? state.message : null}
      />
      {link ? (
        <a href={link.downloadUrl} rel="noopener noreferrer" className={buttonClasses("primary")}>
          Download the charging service’s export
        </a>
      ) : null}
    </form>
  );
}
