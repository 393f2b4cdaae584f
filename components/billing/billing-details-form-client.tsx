"use client";
import { useActionState, useId } from "react";
import { useLocale } from "next-intl";
import { SubmitButton } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { FormStatus, InvalidFormSummary } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";
import { countryOptions } from "@/lib/core/countries";

export type BillingDetailsAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

type TextName = "individualName" | "companyName" | "companyTaxId" | "companyRegNo" | "address" | "postCode" | "city";

/** The form's words, put into the page's language by the server (BillingDetailsForm). */
export type BillingDetailsWords = Record<
  | TextName
  | "clientType"
  | "individual"
  | "company"
  | "companyTaxIdHint"
  | "companyRegNoHint"
  | "country"
  | "countryPlaceholder"
  | "requireInvoice"
  | "save"
  | "saving",
  string
>;

const ADDRESS_FIELDS: { name: TextName; autoComplete: string }[] = [
  { name: "address", autoComplete: "street-address" },
  { name: "postCode", autoComplete: "postal-code" },
  { name: "city", autoComplete: "address-level2" },
];

/**
 * Billing details, prefilled; after any answer the values it carries are shown, so nothing typed is lost. Choosing a
 * kind hides the other kind's fields with CSS alone (`:has`), so the form works the same without JavaScript.
 */
export function BillingDetailsFormClient({
  action,
  initial,
  words,
  personal = true,
}: {
  action: BillingDetailsAction;
  initial: Record<string, string>;
  words: BillingDetailsWords;
  /** false where staff type someone else's details (no autofill). */
  personal?: boolean;
}) {
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const locale = useLocale();
  const id = useId();
  const errors = state.status === "invalid" ? state.fieldErrors : {};
  const shown = state.status === "idle" ? initial : (state.values ?? initial);
  const auto = (hint: string) => (personal ? hint : "off");
  const text = (name: TextName, autoComplete: string, more: { required?: true; hint?: string } = {}) => (
    <TextField
      key={`${name}-${shown[name] ?? ""}`}
      label={words[name]}
      name={name}
      autoComplete={auto(autoComplete)}
      defaultValue={shown[name] ?? ""}
      errors={errors[name]}
      {...more}
    />
  );
  const kindErrorId = `${id}-kind-error`;
  const tone = state.status === "ok" ? "success" : state.status === "idle" ? "info" : "error";
  return (
    <form action={formAction} className="group grid gap-4 sm:grid-cols-2" noValidate>
      <InvalidFormSummary state={state} />
      <fieldset className="sm:col-span-2" aria-describedby={errors.clientType?.length ? kindErrorId : undefined}>
        <legend className="text-sm font-medium">{words.clientType}</legend>
        <div key={`kind-${shown.clientType ?? ""}`} className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
          {(["individual", "company"] as const).map((kind) => (
            <label key={kind} className="flex min-h-10 items-center gap-2 text-sm">
              <input
                type="radio"
                name="clientType"
                value={kind}
                defaultChecked={shown.clientType === kind}
                className="h-4 w-4 accent-brand-700"
              />
              {words[kind]}
            </label>
          ))}
        </div>
        {errors.clientType?.length ? (
          <p id={kindErrorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
            {errors.clientType.join(" ")}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2 group-has-[[name=clientType][value=company]:checked]:hidden">
        {text("individualName", "name", { required: true })}
      </div>
      <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2 group-has-[[name=clientType][value=individual]:checked]:hidden">
        {text("companyName", "organization", { required: true })}
        {text("companyTaxId", "off", { required: true, hint: words.companyTaxIdHint })}
        {text("companyRegNo", "off", { hint: words.companyRegNoHint })}
      </div>
      {ADDRESS_FIELDS.map((field) => text(field.name, field.autoComplete))}
      <SelectField
        // A select only takes a new default on mount: remount it when the shown value changes.
        key={`country-${shown.country ?? ""}`}
        className="min-w-0 [&_select]:w-full [&_select]:min-w-0"
        label={words.country}
        name="country"
        autoComplete={auto("country")}
        defaultValue={shown.country ?? ""}
        placeholder={words.countryPlaceholder}
        options={countryOptions(locale)}
        errors={errors.country}
      />
      <label key={`invoice-${shown.requireInvoice ?? ""}`} className="flex items-start gap-2 text-sm sm:col-span-2">
        <input
          type="checkbox"
          name="requireInvoice"
          defaultChecked={shown.requireInvoice === "on"}
          className="mt-0.5 h-4 w-4 accent-brand-700"
        />
        <span>{words.requireInvoice}</span>
      </label>
      <div className="flex flex-col gap-3 sm:col-span-2">
        <SubmitButton pendingLabel={words.saving} className="self-start">
          {words.save}
        </SubmitButton>
        <FormStatus tone={tone} message={state.status === "ok" || state.status === "error" ? state.message : null} />
      </div>
    </form>
  );
}
