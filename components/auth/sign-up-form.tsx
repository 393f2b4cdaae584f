"use client";
import Link from "next/link";
import { useActionState, useState } from "react";
import { signUp } from "@/lib/accounts/sign-up-action";
import { idle, type ActionResult } from "@/lib/forms/action-result";
import { TextField } from "@/components/ui/field";
import { ProfileFields } from "@/components/account/profile-fields";
import { SubmitButton } from "@/components/ui/button";
import { FormStatus, InvalidFormSummary } from "@/components/ui/alert";
import { DEFAULT_COUNTRY, type CountryOption } from "@/lib/countries";

export function SignUpForm({ countries }: { countries: readonly CountryOption[] }) {
  const [state, action] = useActionState<ActionResult, FormData>(signUp, idle);
  // Controlled, so React's post-action form reset never clears it and the server never echoes it.
  const [password, setPassword] = useState("");
  const errors = state.status === "invalid" ? state.fieldErrors : {};
  const v = state.values ?? {};
  return (
    <form action={action} className="grid gap-4 sm:grid-cols-2" noValidate>
      <InvalidFormSummary state={state} />
      <TextField className="sm:col-span-2" label="E-mail address" name="email" type="email" autoComplete="email" required defaultValue={v.email} errors={errors.email} />
      <TextField
        className="sm:col-span-2"
        label="Password for the charging app"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint="At least 6 characters. You use it in the charging app; the portal signs you in by e-mail link and never stores it."
        errors={errors.password}
      />
      <ProfileFields values={{ ...v, country: v.country ?? DEFAULT_COUNTRY }} errors={errors} countries={countries} />
      <div className="flex flex-col gap-3 sm:col-span-2">
        <SubmitButton pendingLabel="Creating your account…">Create account</SubmitButton>
        <FormStatus tone="error" message={state.status === "error" ? state.message : null} />
        {state.status === "error" && state.code === "exists" && (
          <Link href={`/signin?email=${encodeURIComponent(v.email ?? "")}`} className="font-semibold text-brand-700 underline dark:text-brand-100">
            Sign in with {v.email}
          </Link>
        )}
      </div>
    </form>
  );
}
