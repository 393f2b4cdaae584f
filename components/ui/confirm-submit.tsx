"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useFormStatus } from "react-dom";
import { Button, SubmitButton } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";

/**
 * Two-step submit for destructive actions: the first button asks, focus moves to the real submit, Escape steps back.
 */
export function ConfirmSubmit({
  triggerLabel,
  triggerText,
  question,
  confirmLabel,
  pendingLabel,
  tone = "danger",
  disabled = false,
}: {
  triggerLabel: string;
  /** Shorter visible words where the row already names what the button acts on; `triggerLabel` stays its name. */
  triggerText?: string;
  question: React.ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  tone?: "danger" | "primary";
  disabled?: boolean;
}) {
  const t = useTranslations("ui");
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  const { pending } = useFormStatus();
  const wasPending = useRef(false);

  // Once the submitted action has answered, the question closes; its outcome is announced by the form.
  useEffect(() => {
    if (wasPending.current && !pending) setAsking(false);
    wasPending.current = pending;
  }, [pending]);

  useEffect(() => {
    if (asking) confirmRef.current?.querySelector<HTMLButtonElement>("button[type=submit]")?.focus();
    else if (wasAsking.current) triggerRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button
        ref={triggerRef}
        type="button"
        className={buttonClasses(tone === "danger" ? "secondary" : "primary")}
        onClick={() => setAsking(true)}
        disabled={disabled}
        aria-label={triggerText ? triggerLabel : undefined}
      >
        {triggerText ?? triggerLabel}
      </button>
    );
  }
  return (
    // Escape anywhere in the question closes it, as in a dialog; the buttons inside stay the controls.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={confirmRef}
      role="group"
      aria-label={triggerLabel}
      className="flex flex-col gap-2 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-50"
      onKeyDown={(e) => {
        if (e.key === "Escape") setAsking(false);
      }}
    >
      <p>{question}</p>
      <div className="flex flex-wrap gap-2">
        <SubmitButton variant={tone} pendingLabel={pendingLabel}>
          {confirmLabel}
        </SubmitButton>
        <Button type="button" variant="secondary" onClick={() => setAsking(false)}>
          {t("cancel")}
        </Button>
      </div>
    </div>
  );
}
