"use client";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useActionState, useEffect, useRef, useState } from "react";
import { FormStatus } from "@/components/ui/alert";
import { Button, Spinner, SubmitButton } from "@/components/ui/button";
import { ConfirmSubmit } from "@/components/ui/confirm-submit";
import { TextField } from "@/components/ui/field";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";
import { addPasskey, preloadWebAuthn } from "./passkey-client";
import { EmptyState } from "@/components/ui/empty-state";

export interface PasskeyRow {
  id: string;
  name: string;
  created: string;
  lastUsed: string | null;
  synced: boolean;
}

type PasskeyAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

/**
 * The account's passkeys: add one (named after this browser unless a name is given), and rename or
 * remove each. Removing the last one is allowed: the e-mail link always remains.
 */
export function PasskeyManager({
  passkeys,
  renameAction,
  removeAction,
}: {
  passkeys: PasskeyRow[];
  renameAction: PasskeyAction;
  removeAction: PasskeyAction;
}) {
  const t = useTranslations("passkeys");
  const router = useRouter();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<{ tone: "success" | "error"; message: string } | null>(null);
  const [newName, setNewName] = useState("");
  const [renameState, rename] = useActionState<ActionResult, FormData>(renameAction, idle);
  const [removeState, remove] = useActionState<ActionResult, FormData>(removeAction, idle);
  const removedRef = useRef<HTMLDivElement>(null);

  // The removed passkey's row, and the button that had the focus with it, are gone: the focus goes to
  // the message saying so, not back to the top of the page.
  useEffect(() => {
    if (removeState.status === "ok") removedRef.current?.focus();
  }, [removeState]);

  useEffect(preloadWebAuthn, []);

  async function add() {
    if (adding) return;
    setAdding(true);
    setAdded(null);
    const outcome = await addPasskey(newName.trim());
    setAdding(false);
    if (outcome.ok) {
      setNewName("");
      setAdded({
        tone: "success",
        message: t("manager.added", { name: outcome.value }),
      });
      router.refresh();
    } else setAdded({ tone: "error", message: outcome.message ?? t(`problems.${outcome.problem}`) });
  }

  const outcome = (state: ActionResult) => (state.status === "ok" || state.status === "error" ? state.message : null);
  return (
    <div className="space-y-4">
      {passkeys.length === 0 ? (
        <EmptyState>{t("manager.none")}</EmptyState>
      ) : (
        <ul
          aria-label={t("manager.listLabel")}
          className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
        >
          {passkeys.map((p) => (
            <li key={p.id} className="space-y-2 p-3">
              <p className="font-semibold break-all">{p.name}</p>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {t("manager.details", {
                  created: p.created,
                  used: String(p.lastUsed !== null),
                  lastUsed: p.lastUsed ?? "",
                  synced: String(p.synced),
                })}
              </p>
              <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
                <form action={rename} className="flex flex-col gap-2 sm:flex-row sm:items-end">
                  <input type="hidden" name="id" value={p.id} />
                  <TextField
                    label={t("manager.renameLabel", { name: p.name })}
                    name="name"
                    defaultValue={renameState.values?.id === p.id ? (renameState.values.name ?? p.name) : p.name}
                    maxLength={60}
                    required
                    errors={
                      renameState.status === "invalid" && renameState.values.id === p.id
                        ? renameState.fieldErrors.name
                        : undefined
                    }
                  />
                  <SubmitButton variant="secondary" pendingLabel={t("manager.renaming")}>
                    {t("manager.rename")}
                  </SubmitButton>
                </form>
                <form action={remove}>
                  <input type="hidden" name="id" value={p.id} />
                  <ConfirmSubmit
                    triggerLabel={t("manager.removeTrigger", { name: p.name })}
                    question={t("manager.removeQuestion", { name: p.name })}
                    confirmLabel={t("manager.removeConfirm")}
                    pendingLabel={t("manager.removing")}
                  />
                </form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <FormStatus tone={renameState.status === "ok" ? "success" : "error"} message={outcome(renameState)} />
      <FormStatus
        tone={removeState.status === "ok" ? "success" : "error"}
        message={outcome(removeState)}
        focusRef={removedRef}
      />
      {/* A form of its own, so Enter in the name field adds the passkey too. */}
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <TextField
          label={t("manager.newNameLabel")}
          name="passkeyName"
          value={newName}
          onChange={(event) => setNewName(event.target.value)}
          maxLength={60}
          hint={t("manager.newNameHint")}
        />
        {/* aria-disabled, not disabled: the button keeps the keyboard focus while the device asks. */}
        <Button type="submit" aria-disabled={adding}>
          {adding ? <Spinner label={t("manager.waiting")} /> : t("manager.add")}
        </Button>
      </form>
      <FormStatus tone={added?.tone ?? "success"} message={added?.message ?? null} />
    </div>
  );
}
