"use client";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useRef, useState } from "react";
import { buttonClasses } from "@/components/ui/button-classes";
import type { ExpensePackChoices } from "@/lib/features/expense-pack/shared";
import { screenReaderOnly } from "@/components/ui/rich-text";

/**
 * The months by name ("November 2026", by the server's clock and time zone) and the list's filters
 * when some are set (lib/features/expense-pack/period.ts packChoices, worked out by ExpensePackDialog).
 */
export interface ExpensePackFormProps extends ExpensePackChoices {
  /** The route that answers with the ZIP: the driver's own, or staff's for one driver. */
  endpoint: string;
  /** Whose pack, for the opener's accessible name on staff pages ("for Demi Driver"). */
  forWhom?: string;
}

const loadDialog = () => import("./expense-pack-period-dialog");
// The dialog's code loads when the driver first reaches for the button, not with the sessions page:
// it keeps the page within its first-load budget.
const ExpensePackPeriodDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.ExpensePackPeriodDialog })),
);

/** "Download expense pack": the opener, its status line, and the period dialog once asked for. */
export function ExpensePackForm({ endpoint, forWhom, ...choices }: ExpensePackFormProps) {
  const t = useTranslations("sessions.packDialog");
  const openerRef = useRef<HTMLButtonElement>(null);
  const [openRequest, setOpenRequest] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="flex flex-col items-end gap-1">
      <button
        ref={openerRef}
        type="button"
        aria-haspopup="dialog"
        className={buttonClasses("secondary")}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setDone(null);
          setOpenRequest((count) => count + 1);
        }}
      >
        {forWhom ? t.rich("openFor", { name: forWhom, sr: screenReaderOnly }) : t("open")}
      </button>
      <p role="status" className="text-sm">
        {done}
      </p>
      {openRequest > 0 && (
        <Suspense>
          <ExpensePackPeriodDialog
            endpoint={endpoint}
            {...choices}
            openRequest={openRequest}
            onClosed={() => openerRef.current?.focus()}
            onDownloaded={setDone}
          />
        </Suspense>
      )}
    </div>
  );
}
