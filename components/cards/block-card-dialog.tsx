"use client";
import { useActionState, useEffect, useId, useRef } from "react";
import { SubmitButton } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { Alert } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";

export type BlockCardAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

/** The dialog's words, already in the reader's language (BlockCardButton reads them on the server). */
export interface BlockCardWords {
  /** The opener: "Block", naming the card for screen readers. */
  open: React.ReactNode;
  title: string;
  text: string;
  cancel: string;
  submit: string;
  pending: string;
}

/**
 * "Block" for one card, confirmed in a modal <dialog>: the browser moves focus into it, keeps it
 * there and closes it on Escape; focus returns to the button on cancel. After blocking, the row
 * re-renders as blocked and focus lands on the confirmation in its place, announced politely.
 */
export function BlockCardDialog({
  cardId,
  blocked,
  action,
  words,
}: {
  cardId: number;
  blocked: boolean;
  action: BlockCardAction;
  words: BlockCardWords;
}) {
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const id = useId();

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
        {state.status === "ok" ? state.message : null}
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
      <dialog
        ref={dialogRef}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        onClose={onClose}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border border-slate-300 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {words.title}
        </h2>
        <p id={`${id}-text`} className="mt-2 text-sm">
          {words.text}
        </p>
        <form action={formAction} className="mt-4 flex flex-col gap-3">
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
      </dialog>
    </div>
  );
}
