"use client";
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/forms/action-result";

export type ProfileAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

export interface ProfileValues {
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  postCode: string | null;
  country: string | null;
}

/**
 * The driver's profile, prefilled. The values it was rendered with travel along as `baseline`, so
 * the server sends only what the driver changed. The action is a prop: the admin area reuses it.
 */
export function ProfileForm({ action, profile, countries }: { action: ProfileAction; profile: ProfileValues; countries: { value: string; label: string }[] }) {
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
      <TextField label="First name" name="firstName" autoComplete="given-name" required defaultValue={shown.firstName} errors={errors.firstName} />
      <TextField label="Last name" name="lastName" autoComplete="family-name" required defaultValue={shown.lastName} errors={errors.lastName} />
      <TextField label="Phone" name="phone" type="tel" autoComplete="tel" defaultValue={shown.phone} errors={errors.phone} />
      <TextField label="Street and number" name="address" autoComplete="street-address" defaultValue={shown.address} errors={errors.address} />
      <TextField label="City" name="city" autoComplete="address-level2" defaultValue={shown.city} errors={errors.city} />
      <TextField label="Postcode" name="postCode" autoComplete="postal-code" defaultValue={shown.postCode} errors={errors.postCode} />
      <SelectField
        // A select only takes a new default on mount: remount it when the shown value changes.
        key={shown.country ?? ""}
        // min-w-0: a grid item is as wide as its longest option otherwise, wider than a 360 px screen.
        className="min-w-0 sm:col-span-2"
        label="Country"
        name="country"
        autoComplete="country"
        required
        defaultValue={shown.country ?? ""}
        placeholder={shown.country ? undefined : "Choose your country"}
        options={countries}
        errors={errors.country}
      />
      <div className="flex flex-col gap-3 sm:col-span-2">
        <SubmitButton pendingLabel="Saving…" className="self-start">
          Save profile
        </SubmitButton>
        <FormStatus tone={tone} message={state.status === "idle" ? null : (state.message ?? null)} />
      </div>
    </form>
  );
}
