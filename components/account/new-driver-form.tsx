"use client";
import Link from "next/link";
import { useActionState, useState } from "react";
import type { CreateDriverData } from "@/lib/admin/actions/create-driver";
import { idle, type ActionResult } from "@/lib/forms/action-result";
import { TextField } from "@/components/ui/field";
import { ProfileFields } from "@/components/account/profile-fields";
import { SubmitButton } from "@/components/ui/button";
import { FormStatus, InvalidFormSummary } from "@/components/ui/alert";
import { DEFAULT_COUNTRY } from "@/lib/countries";

export type SignUpAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;
export type CreateDriverAction = (
  previous: ActionResult<CreateDriverData>,
  formData: FormData,
) => Promise<ActionResult<CreateDriverData>>;

const linkClass = "font-semibold text-brand-700 underline dark:text-brand-100";

/**
 * A new driver: the driver's own sign-up (`self`) or staff creating one in the admin area (`staff`).
 * Staff type someone else's data (no autofill), choose how the app password is set, and may send a
 * sign-in link; the driver sets their own app password.
 */
export function NewDriverForm(
  props:
    | { audience: "self"; action: SignUpAction }
    // dialect: how the driver gets to choose the password (spec: the platform's reset mail; ampeco: the portal's link).
    | { audience: "staff"; action: CreateDriverAction; dialect: "spec" | "ampeco" },
) {
  const staff = props.audience === "staff";
  // A sign-up answer carries no data, so it is one of the staff answers.
  const [state, formAction] = useActionState<ActionResult<CreateDriverData>, FormData>(
    props.action as CreateDriverAction,
    idle,
  );
  const [passwordMode, setPasswordMode] = useState<"reset" | "set">("reset");
  // Controlled, so React's post-action form reset never clears it and the server never echoes it.
  const [password, setPassword] = useState("");
  const errors = state.status === "invalid" ? state.fieldErrors : {};
  const v = state.values ?? {};
  const data = state.status === "ok" ? state.data : undefined;

  const passwordField = (label: string, hint: string, className?: string) => (
    <TextField
      className={className}
      label={label}
      name="password"
      type="password"
      autoComplete="new-password"
      required
      value={password}
      onChange={(e) => setPassword(e.target.value)}
      hint={hint}
      errors={errors.password}
    />
  );

  return (
    <form action={formAction} className="grid grid-cols-1 gap-4 sm:grid-cols-2" noValidate>
      <InvalidFormSummary state={state} />
      <TextField
        className="sm:col-span-2"
        label="E-mail address"
        name="email"
        type="email"
        autoComplete={staff ? "off" : "email"}
        required
        defaultValue={v.email}
        errors={errors.email}
      />
      {!staff &&
        passwordField(
          "Password for the charging app",
          "At least 6 characters. You use it in the charging app; the portal signs you in by e-mail link and never stores it.",
          "sm:col-span-2",
        )}
      <ProfileFields values={{ ...v, country: v.country ?? DEFAULT_COUNTRY }} errors={errors} personal={!staff} />

      {staff && (
        <>
          <fieldset className="flex flex-col gap-2 sm:col-span-2">
            <legend className="mb-1 text-sm font-medium">Charging-app password</legend>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="passwordMode"
                value="reset"
                checked={passwordMode === "reset"}
                onChange={() => setPasswordMode("reset")}
                className="mt-1 h-4 w-4"
              />
              <span>
                {props.audience === "staff" && props.dialect === "ampeco"
                  ? "Generate a random password and mail the driver a link to choose their own (recommended: nobody at support knows the password)"
                  : "Generate a random password and mail the driver a reset link (recommended: nobody at support knows the password)"}
              </span>
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="passwordMode"
                value="set"
                checked={passwordMode === "set"}
                onChange={() => setPasswordMode("set")}
                className="mt-1 h-4 w-4"
              />
              <span>Set a password now, as the driver tells you</span>
            </label>
            {passwordMode === "set" &&
              passwordField(
                "App password",
                "At least 6 characters. Sent once to the charging service; never stored or logged by the portal.",
              )}
          </fieldset>

          <label className="flex items-start gap-2 text-sm sm:col-span-2">
            <input
              type="checkbox"
              name="sendSignInLink"
              defaultChecked={v.sendSignInLink === "on"}
              className="mt-1 h-4 w-4"
            />
            <span>Send the driver a portal sign-in link</span>
          </label>
        </>
      )}

      <div className="flex flex-col gap-3 sm:col-span-2">
        <SubmitButton pendingLabel={staff ? "Creating the driver…" : "Creating your account…"}>
          {staff ? "Create driver" : "Create account"}
        </SubmitButton>
        {staff ? (
          <FormStatus
            tone={state.status === "error" ? "error" : data?.kind === "exists" ? "warning" : "success"}
            message={state.status === "ok" || state.status === "error" ? state.message : null}
          />
        ) : (
          <FormStatus tone="error" message={state.status === "error" ? state.message : null} />
        )}
        {!staff && state.status === "error" && state.code === "exists" && (
          <Link href={`/signin?email=${encodeURIComponent(v.email ?? "")}`} className={linkClass}>
            Sign in with {v.email}
          </Link>
        )}
        {data && (
          <Link href={`/admin/users/${data.platformUserId}`} className={linkClass}>
            {data.kind === "exists" ? "Open the existing driver" : "Open the new driver"}
          </Link>
        )}
      </div>
    </form>
  );
}
