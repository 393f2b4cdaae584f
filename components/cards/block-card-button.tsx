"use client";
import { useTranslations } from "next-intl";
import { useActionState, useEffect, useId, useRef } from "react";
import { SubmitButton } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { Alert } from "@/components/ui/alert";
import { screenReaderOnly } from "@/components/ui/rich-text";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";
import { useLastAction } from "@/components/ui/last-action";

export type BlockCardAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

/**
 * "Block" confirmed in a modal <dialog> (focus kept in, Escape closes, focus back on cancel). After blocking, focus
 * lands on the confirmation, announced politely.
 */
export function BlockCardButton({
  cardId,
  cardLabel,
  blocked,
  action,
}: {
  cardId: number;
  cardLabel: string;
  blocked: boolean;
  action: BlockCardAction;
}) {
  const t = useTranslations("cards");
  const words = {
    // The opener names the card for screen readers.
    open: t.rich("block.open", { card: cardLabel, hidden: screenReaderOnly }),
    title: t("block.title", { card: cardLabel }),
    text: t("block.text"),
    cancel: t("block.cancel"),
    submit: t("block.submit"),
    pending: t("block.pending"),
  };
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const { isLast, claim } = useLastAction();

  useEffect(() => {
    if (state.status !== "ok") return;
    dialogRef.current?.close();
    doneRef.current?.focus();
  }, [state]);

  const onClose = () => {
    // The opener is gone once the card is blocked; the confirmation has focus then.
    if (state.status !== "ok" && openerRef.current) openerRef.current.focus();
  };

  return (
    <div className="flex flex-col items-start gap-2">
      <p ref={doneRef} tabIndex={-1} role="status" aria-live="polite" className="text-sm outline-none">
        {isLast && state.status === "ok" ? state.message : null}
      </p>
      {!blocked && (
        <button
          ref={openerRef}
          type="button"
          aria-haspopup="dialog"
          className={buttonClasses("secondary", "whitespace-nowrap")}
          onClick={() => dialogRef.current?.showModal()}
        >
          {words.open}
        </button>
      )}
      <ModalDialog ref={dialogRef} id={id} title={words.title} text={words.text} width="max-w-md" onClose={onClose}>
        <form action={formAction} onSubmit={claim} className="mt-4 flex flex-col gap-3">
          <input type="hidden" name="cardId" value={cardId} />
          {state.status === "error" && <Alert tone="error">{state.message}</Alert>}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonClasses("secondary")} onClick={() => dialogRef.current?.close()}>
              {words.cancel}
            </button>
            <SubmitButton variant="danger" pendingLabel={words.pending}>
              {words.submit}
            </SubmitButton>
          </div>
        </form>
      </ModalDialog>
    </div>
  );
}
