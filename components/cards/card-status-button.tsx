"use client";
import { useTranslations } from "next-intl";
import { useActionState, useEffect, useRef } from "react";
import { FormStatus } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { screenReaderOnly } from "@/components/ui/rich-text";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";
import { useLastAction } from "@/components/ui/last-action";

export type CardStatusAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

/** The changes the button makes (the driver's pause and resume, staff's unblock). */
export type CardButtonChange = "pause" | "resume" | "unblock";

/**
 * A reversible status change of one card in one click (pause, resume, and staff's unblock): no
 * confirmation, because it can be undone at once. The outcome is announced in the row.
 */
export function CardStatusButton({
  cardId,
  cardLabel,
  change,
  action,
}: {
  cardId: number;
  cardLabel: string;
  change: CardButtonChange;
  action: CardStatusAction;
}) {
  const t = useTranslations("cards");
  const words = {
    // The button names the card for screen readers.
    label: t.rich(`change.${change}.label`, { card: cardLabel, hidden: screenReaderOnly }),
    pending: t(`change.${change}.pending`),
    hint: change === "pause" ? t("change.pauseHint") : null,
  };
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { isLast, claim } = useLastAction();
  // The button is disabled while pending, which drops the focus: give it back, now saying the opposite.
  useEffect(() => {
    if (state.status === "ok" || state.status === "error") buttonRef.current?.focus();
  }, [state]);
  return (
    <form action={formAction} onSubmit={claim} className="flex flex-col items-start gap-1">
      <input type="hidden" name="cardId" value={cardId} />
      <SubmitButton ref={buttonRef} variant="secondary" pendingLabel={words.pending} className="whitespace-nowrap">
        {words.label}
      </SubmitButton>
      {words.hint && <span className="text-xs text-slate-600 dark:text-slate-300">{words.hint}</span>}
      <FormStatus
        tone={state.status === "ok" ? "success" : "error"}
        message={isLast && (state.status === "ok" || state.status === "error") ? state.message : null}
      />
    </form>
  );
}
