"use client";
import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { ProfileFields } from "./profile-fields";
import { FormStatus } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";
import type { ProfileValues } from "@/lib/features/accounts/shared";

export type ProfileAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

/**
 * The driver's profile, prefilled. The values it was rendered with travel along as `baseline`, so
 * the server sends only what the driver changed. The action is a prop: the admin area reuses it.
 */
export function ProfileForm({ action, profile }: { action: ProfileAction; profile: ProfileValues }) {
  const t = useTranslations("profile.form");
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const errors = state.status === "invalid" ? state.fieldErrors : {};
  // After an error the typed values come back; otherwise the (refreshed) profile is shown.
  const shown: Record<string, string> =
    state.status === "invalid" || state.status === "error"
      ? (state.values ?? {})
      : Object.fromEntries(Object.entries(profile).map(([k, v]) => [k, v ?? ""]));
  const tone = state.status === "ok" ? "success" : state.status === "idle" ? "info" : "error";
  return (
    <form action={formAction} className="grid gap-4 sm:grid-cols-2" noValidate>
      <input type="hidden" name="baseline" value={JSON.stringify(profile)} />
      <ProfileFields values={shown} errors={errors} countryPlaceholder={t("countryPlaceholder")} />
      <div className="flex flex-col gap-3 sm:col-span-2">
        <SubmitButton pendingLabel={t("saving")} className="self-start">
          {t("save")}
        </SubmitButton>
        <FormStatus tone={tone} message={state.status === "idle" ? null : (state.message ?? null)} />
      </div>
    </form>
  );
}
