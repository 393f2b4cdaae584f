"use client";
import { useTranslations } from "next-intl";
import { useActionState, useEffect, useState } from "react";
import { Balance } from "@/components/accounts/balance";
import { sameBalance, type BalanceView } from "@/lib/features/accounts/shared";
import { BALANCE_URL, useBalance } from "@/components/accounts/use-balance";
import { SubmitButton, Spinner } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";

export type RedeemVoucherAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

const POLL_FOR_MS = 30_000;
/** With the stream open the pushed balance brings the credit; the balance is polled only if none came this long. */
const PUSH_GRACE_MS = 10_000;

/**
 * After a 202 the credit lands a little later: pushed where the stream is open, else polled (each second, 30 s max).
 * Action and balance URL are props, for reuse in admin.
 */
export function VoucherForm({
  action,
  initialBalance,
  balanceUrl = BALANCE_URL,
  balanceHeading,
  push = false,
}: {
  action: RedeemVoucherAction;
  initialBalance: BalanceView;
  balanceUrl?: string;
  balanceHeading?: string;
  /** The driver's own balance where the platform pushes events: the credit comes over the tab's stream. */
  push?: boolean;
}) {
  const t = useTranslations("vouchers");
  const [state, formAction, pending] = useActionState<ActionResult, FormData>(action, idle);
  // Balance when the driver pressed the button: the credit shows as a change from it.
  const [baseline, setBaseline] = useState<BalanceView | null>(null);
  const [timedOut, setTimedOut] = useState(false);
  const [pushLate, setPushLate] = useState(false);

  const accepted = state.status === "ok" && !pending;
  const [polling, setPolling] = useState(false);
  const [{ data: balance = initialBalance }, live] = useBalance(initialBalance, polling, balanceUrl, push);
  // A balance the platform does not give cannot show the credit: nothing to wait for then.
  const balanceShown = balance.amount !== null;
  const credited = accepted && balanceShown && baseline !== null && !sameBalance(balance, baseline);
  const waiting = accepted && balanceShown && !credited && !timedOut;

  useEffect(() => {
    // `waiting` depends on the polled balance, which depends on `polling`: the effect breaks that loop.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPolling(waiting && (pushLate || live !== "open"));
  }, [waiting, pushLate, live]);

  useEffect(() => {
    if (state.status !== "ok") return;
    const timers = [
      setTimeout(() => setPushLate(true), PUSH_GRACE_MS),
      setTimeout(() => setTimedOut(true), POLL_FOR_MS),
    ];
    return () => timers.forEach(clearTimeout);
  }, [state]);

  const errors = state.status === "invalid" ? state.fieldErrors : {};
  // The code stays in the field on every error; after a success the field is cleared for the next one.
  const typed = state.status === "ok" ? "" : (state.values?.code ?? "");

  let statusMessage: string | null = null;
  let tone: "info" | "success" | "error" = "info";
  if (state.status === "error") {
    statusMessage = state.message;
    tone = "error";
  } else if (state.status === "invalid") {
    statusMessage = t("form.notRedeemed");
    tone = "error";
  } else if (accepted && !balanceShown) {
    statusMessage = t("form.acceptedNoBalance");
    tone = "success";
  } else if (credited) {
    statusMessage = t("form.credited", { balance: balance.formatted ?? "" });
    tone = "success";
  } else if (accepted && timedOut) {
    statusMessage = t("form.timedOut");
  } else if (accepted) {
    statusMessage = t("form.waiting");
  }

  return (
    <div className="grid items-start gap-6 md:grid-cols-2">
      <section
        aria-labelledby="voucher-balance-heading"
        className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="voucher-balance-heading" className="mb-3 text-lg font-semibold">
          {balanceHeading ?? t("form.balanceHeading")}
        </h2>
        <Balance view={balance} updating={waiting} />
        {waiting && (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            <Spinner label={t("form.updating")} />
          </p>
        )}
      </section>
      <section
        aria-labelledby="voucher-form-heading"
        className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="voucher-form-heading" className="mb-3 text-lg font-semibold">
          {t("form.heading")}
        </h2>
        <form
          action={formAction}
          onSubmit={() => {
            setBaseline(balance);
            setTimedOut(false);
            setPushLate(false);
          }}
          className="flex flex-col gap-4"
          noValidate
        >
          <TextField
            key={`${state.status}:${typed}`}
            label={t("form.codeLabel")}
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            defaultValue={typed}
            errors={errors.code}
            hint={t("form.codeHint")}
          />
          <div className="flex flex-col gap-3">
            <SubmitButton pendingLabel={t("form.pending")} className="self-start">
              {t("form.submit")}
            </SubmitButton>
            <FormStatus tone={tone} message={statusMessage} />
          </div>
        </form>
      </section>
    </div>
  );
}
