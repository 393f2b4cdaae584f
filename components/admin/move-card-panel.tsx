"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useActionState } from "react";
import type { MoveActionResult } from "@/lib/features/admin/actions/move-card-step";
import { idle } from "@/lib/core/actions/action-result";
import { SubmitButton } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { Alert, FormStatus } from "@/components/ui/alert";
import { TextLink } from "@/components/ui/text-link";

export interface MovePanelProps {
  /** moveCardStepAction bound to the source driver. */
  action: (previous: MoveActionResult, formData: FormData) => Promise<MoveActionResult>;
  step: "ready" | "blocked-on-source" | "done";
  /** The platform moves a card in one call (ampeco): no blocked-then-linked steps to explain. */
  oneStep: boolean;
  sourceUserId: number;
  targetUserId: number;
  cardId: number;
  cardText: string;
  sourceLabel: string;
  targetLabel: string;
}

/**
 * The guided move. `step` is read from the platform on every render (the page refreshes after each
 * action), so what is shown is where the card stands now, not what the browser remembers.
 */
export function MoveCardPanel({
  action: stepAction,
  step,
  oneStep,
  sourceUserId,
  targetUserId,
  cardId,
  cardText,
  sourceLabel,
  targetLabel,
}: MovePanelProps) {
  const t = useTranslations("moveCard");
  const [state, action] = useActionState<MoveActionResult, FormData>(stepAction, idle);
  const names = { card: cardText, source: sourceLabel, target: targetLabel };
  const strong = (chunks: React.ReactNode) => <strong>{chunks}</strong>;
  const hidden = (
    <>
      <input type="hidden" name="cardId" value={cardId} />
      <input type="hidden" name="targetUserId" value={targetUserId} />
    </>
  );
  return (
    <div className="space-y-4">
      {step === "ready" && (
        <form action={action} className="space-y-4">
          {hidden}
          {oneStep ? (
            <p>{t.rich("oneStep", { ...names, strong })}</p>
          ) : (
            <>
              <p>{t.rich("twoSteps", { ...names, strong })}</p>
              <ol className="list-decimal space-y-1 pl-6 text-sm">
                <li>{t("stepBlock", names)}</li>
                <li>{t("stepLink", names)}</li>
              </ol>
            </>
          )}
          <div className="flex flex-wrap gap-2">
            <SubmitButton name="intent" value="move" variant="danger" pendingLabel={t("movePending")}>
              {t("move")}
            </SubmitButton>
            <Link href={`/admin/users/${sourceUserId}`} className={buttonClasses("secondary")}>
              {t("cancel")}
            </Link>
          </div>
        </form>
      )}

      {step === "blocked-on-source" && (
        <div className="space-y-4">
          <Alert tone="warning" title={t("halfDoneTitle")}>
            {t("halfDone", names)}
          </Alert>
          <div className="flex flex-wrap gap-2">
            <form action={action}>
              {hidden}
              <SubmitButton name="intent" value="retry" pendingLabel={t("retryPending")}>
                {t("retry", names)}
              </SubmitButton>
            </form>
            <form action={action}>
              {hidden}
              <SubmitButton name="intent" value="undo" variant="secondary" pendingLabel={t("undoPending")}>
                {t("undo", names)}
              </SubmitButton>
            </form>
          </div>
        </div>
      )}

      {step === "done" && (
        <Alert tone="success" title={t("doneTitle")}>
          {oneStep ? t("doneOneStep", names) : t("doneTwoSteps", names)}
        </Alert>
      )}

      <FormStatus
        tone={
          state.status === "ok"
            ? "success"
            : state.status === "error" && state.code === "blocked-on-source"
              ? "warning"
              : "error"
        }
        message={state.status === "ok" || state.status === "error" ? state.message : null}
      />

      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <TextLink href={`/admin/users/${sourceUserId}`}>{t("open", { driver: sourceLabel })}</TextLink>
        <TextLink href={`/admin/users/${targetUserId}`}>{t("open", { driver: targetLabel })}</TextLink>
      </p>
    </div>
  );
}
