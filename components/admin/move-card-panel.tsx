"use client";
import Link from "next/link";
import { useActionState } from "react";
import type { MoveActionResult } from "@/lib/admin/actions/cards";
import { idle } from "@/lib/forms/action-result";
import { SubmitButton } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { Alert, FormStatus } from "@/components/ui/alert";

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

const linkClass = "font-semibold text-brand-700 underline dark:text-brand-100";

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
  const [state, action] = useActionState<MoveActionResult, FormData>(stepAction, idle);
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
            <p>
              Card <strong>{cardText}</strong> moves from <strong>{sourceLabel}</strong> to{" "}
              <strong>{targetLabel}</strong> in one step: it stops working for {sourceLabel} at the moment it starts
              working for {targetLabel}, so it is never active on both drivers.
            </p>
          ) : (
            <>
              <p>
                Card <strong>{cardText}</strong> moves from <strong>{sourceLabel}</strong> to{" "}
                <strong>{targetLabel}</strong> in two steps:
              </p>
              <ol className="list-decimal space-y-1 pl-6 text-sm">
                <li>Block the card on {sourceLabel}. From then on it does not work for them.</li>
                <li>Link the card to {targetLabel} as active. The card is never active on both drivers.</li>
              </ol>
            </>
          )}
          <div className="flex flex-wrap gap-2">
            <SubmitButton name="intent" value="move" variant="danger" pendingLabel="Moving card…">
              Move card
            </SubmitButton>
            <Link href={`/admin/users/${sourceUserId}`} className={buttonClasses("secondary")}>
              Cancel
            </Link>
          </div>
        </form>
      )}

      {step === "blocked-on-source" && (
        <div className="space-y-4">
          <Alert tone="warning" title="The move is half done">
            The card is blocked on {sourceLabel} and not yet active on {targetLabel}.
          </Alert>
          <div className="flex flex-wrap gap-2">
            <form action={action}>
              {hidden}
              <SubmitButton name="intent" value="retry" pendingLabel="Linking…">
                Retry linking to {targetLabel}
              </SubmitButton>
            </form>
            <form action={action}>
              {hidden}
              <SubmitButton name="intent" value="undo" variant="secondary" pendingLabel="Reactivating…">
                Undo: reactivate on {sourceLabel}
              </SubmitButton>
            </form>
          </div>
        </div>
      )}

      {step === "done" && (
        <Alert tone="success" title="The card was moved">
          {oneStep
            ? `The card is now on ${targetLabel}; ${sourceLabel} can no longer use it.`
            : `The card is blocked on ${sourceLabel} and active on ${targetLabel}.`}
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
        <Link href={`/admin/users/${sourceUserId}`} className={linkClass}>
          Open {sourceLabel}
        </Link>
        <Link href={`/admin/users/${targetUserId}`} className={linkClass}>
          Open {targetLabel}
        </Link>
      </p>
    </div>
  );
}
