"use client";
import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { FormStatus } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { idle } from "@/lib/core/actions/action-result";
import type { PlatformExportResult } from "@/lib/features/accounts/actions/request-platform-export";

export type PlatformExportAction = (
  previous: PlatformExportResult,
  formData?: FormData,
) => Promise<PlatformExportResult>;

/** The platform's own export (ampeco): its link works a day and opens the file directly; the portal keeps nothing. */
export function PlatformExport({ action }: { action: PlatformExportAction }) {
  const t = useTranslations("myData.platformExport");
  const [state, formAction] = useActionState<PlatformExportResult, FormData>(action, idle);
  const link = state.status === "ok" ? state.data : undefined;
  return (
    <form action={formAction} className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-700">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("intro")}</p>
      <SubmitButton variant="secondary" pendingLabel={t("asking")}>
        {link ? t("askAgain") : t("ask")}
      </SubmitButton>
      <FormStatus
        tone={state.status === "ok" ? "success" : "error"}
        message={state.status === "ok" || state.status === "error" ? state.message : null}
      />
      {link ? (
        <a href={link.downloadUrl} rel="noopener noreferrer" className={buttonClasses("primary")}>
          {t("download")}
        </a>
      ) : null}
    </form>
  );
}
