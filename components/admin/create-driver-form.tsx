"use client";
import Link from "next/link";
import { useActionState, useState } from "react";
import { createDriverAction, type CreateDriverData } from "@/lib/admin/actions/create-driver";
import { idle, type ActionResult } from "@/lib/forms/action-result";
import { TextField } from "@/components/ui/field";
import { ProfileFields } from "@/components/account/profile-fields";
import { SubmitButton } from "@/components/ui/button";
import { FormStatus, InvalidFormSummary } from "@/components/ui/alert";
import { DEFAULT_COUNTRY, type CountryOption } from "@/lib/countries";

const linkClass = "font-semibold text-brand-700 underline dark:text-brand-100";

export function CreateDriverForm({ countries }: { countries: readonly CountryOption[] }) {
  const [state, action] = useActionState<ActionResult<CreateDriverData>, FormData>(createDriverAction, idle);
  const [passwordMode, setPasswordMode] = useState<"reset" | "set">("reset");
  // Controlled, so React's post-action form reset never clears it and the server never echoes it.
  const [password, setPassword] = useState("");
  const errors = state.status === "invalid" ? state.fieldErrors : {};
  const v = state.values ?? {};
  const data = state.status === "ok" ? state.data : undefined;

  return (
    <form action={action} className="grid grid-cols-1 gap-4 sm:grid-cols-2" noValidate>
      <InvalidFormSummary state={state} />
      <TextField className="sm:col-span-2" label="E-mail address" name="email" type="email" autoComplete="off" required defaultValue={v.email} errors={errors.email} />
      <ProfileFields values={{ ...v, country: v.country ?? DEFAULT_COUNTRY }} errors={errors} countries={countries} personal={false} />

      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="mb-1 text-sm font-medium">Charging-app password</legend>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" name="passwordMode" value="reset" checked={passwordMode === "reset"} onChange={() => setPasswordMode("reset")} className="mt-1 h-4 w-4" />
          <span>Generate a random password and mail the driver a reset link (recommended: nobody at support knows the password)</span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" name="passwordMode" value="set" checked={passwordMode === "set"} onChange={() => setPasswordMode("set")} className="mt-1 h-4 w-4" />
          <span>Set a password now, as the driver tells you</span>
        </label>
        {passwordMode === "set" && (
          <TextField
            label="App password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            hint="At least 6 characters. Sent once to the charging service; never stored or logged by the portal."
            errors={errors.password}
          />
        )}
      </fieldset>

      <label className="flex items-start gap-2 text-sm sm:col-span-2">
        <input type="checkbox" name="sendSignInLink" defaultChecked={v.sendSignInLink === "on"} className="mt-1 h-4 w-4" />
        <span>Send the driver a portal sign-in link</span>
      </label>

      <div className="flex flex-col gap-3 sm:col-span-2">
        <SubmitButton pendingLabel="Creating the driver…">Create driver</SubmitButton>
        <FormStatus tone={state.status === "error" ? "error" : data?.kind === "exists" ? "warning" : "success"} message={state.status === "ok" || state.status === "error" ? state.message : null} />
        {data && (
          <Link href={`/admin/users/${data.platformUserId}`} className={linkClass}>
            {data.kind === "exists" ? "Open the existing driver" : "Open the new driver"}
          </Link>
        )}
      </div>
    </form>
  );
}
