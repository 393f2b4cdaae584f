"use client";
import { useTranslations } from "next-intl";
import { useActionState, useEffect, useRef } from "react";
import { FormStatus } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { SubmitButton } from "@/components/ui/button";
import type { DeviceRow } from "@/lib/core/auth/device-name";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";
import { EmptyState } from "@/components/ui/empty-state";

type DeviceAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

function outcome(state: ActionResult) {
  return {
    tone: state.status === "ok" ? ("success" as const) : ("error" as const),
    message: state.status === "idle" ? null : (state.message ?? null),
  };
}

/**
 * The account's signed-in sessions, each with "Sign out this device". The outcome shows above the
 * list, because the row it is about goes away; the focus moves there with it.
 */
export function SignedInDeviceList({ devices, action }: { devices: DeviceRow[]; action: DeviceAction }) {
  const t = useTranslations("devices");
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.status !== "idle") statusRef.current?.focus();
  }, [state]);
  const { tone, message } = outcome(state);
  return (
    <div className="space-y-3">
      <div ref={statusRef} tabIndex={-1} className="rounded-md">
        <FormStatus tone={tone} message={message} />
      </div>
      {devices.length === 0 ? (
        <EmptyState>{t("list.none")}</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {devices.map((device) => (
            <li key={device.id} className="flex flex-wrap items-start justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  {device.label}
                  {device.current && <Badge tone="blue">{t("list.thisDevice")}</Badge>}
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {t("list.seen", { firstSeen: device.firstSeen, lastSeen: device.lastSeen })}
                </p>
              </div>
              <form action={formAction}>
                <input type="hidden" name="deviceId" value={device.id} />
                <SubmitButton variant="secondary" pendingLabel={t("list.signingOut")} className="whitespace-nowrap">
                  {t("list.signOut")}
                  {/* Named after the device, so a screen reader's button list tells the rows apart. */}
                  <span className="sr-only">
                    {" "}
                    {device.current
                      ? t("list.nameCurrent", { label: device.label })
                      : t("list.nameOther", { label: device.label, lastSeen: device.lastSeen })}
                  </span>
                </SubmitButton>
              </form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
