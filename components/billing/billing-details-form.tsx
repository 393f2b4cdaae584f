"use client";
import { useTranslations } from "next-intl";
import { useActionState, useId } from "react";
import { SubmitButton } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormStatus, InvalidFormSummary } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { ADDRESS_FIELDS, WIDE_FIELD } from "@/components/ui/address-fields";
import { CountryField } from "@/components/ui/country-field";

export type BillingDetailsAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

type TextName = "individualName" | "companyName" | "companyTaxId" | "companyRegNo" | "address" | "postCode" | "city";

/**
 * Billing details, prefilled; after any answer the values it carries are shown, so nothing typed is lost. Choosing a
 * kind hides the other kind's fields with CSS alone (`:has`), so the form works the same without JavaScript.
 */
export function BillingDetailsForm({
  action,
  initial,
  personal = true,
}: {
  action: BillingDetailsAction;
  initial: Record<string, string>;
  /** false where staff type someone else's details (no autofill). */
  personal?: boolean;
}) {
  const t = useTranslations("billing.form");
  const words = {
    clientType: t("clientType"),
    individual: t("individual"),
    company: t("company"),
    individualName: t("individualName"),
    companyName: t("companyName"),
    companyTaxId: t("companyTaxId"),
    companyTaxIdHint: t("companyTaxIdHint"),
    companyRegNo: t("companyRegNo"),
    companyRegNoHint: t("companyRegNoHint"),
    address: t("address"),
    postCode: t("postCode"),
    city: t("city"),
    country: t("country"),
    countryPlaceholder: t("countryPlaceholder"),
    requireInvoice: t("requireInvoice"),
    save: t("save"),
    saving: t("saving"),
  };
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const id = useId();
  const errors = state.status === "invalid" ? state.fieldErrors : {};
  const shown = state.status === "idle" ? initial : (state.values ?? initial);
  const auto = (hint: string) => (personal ? hint : "off");
  const text = (
    name: TextName,
    autoComplete: string,
    more: { required?: true; hint?: string; className?: string } = {},
  ) => (
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
                className="h-4 w-4 accent-brand-700 dark:accent-emerald-400"
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
      {ADDRESS_FIELDS.map((field) => text(field.name, field.autoComplete, field.wide ? { className: WIDE_FIELD } : {}))}
      <CountryField
        value={shown.country ?? ""}
        label={words.country}
        autoComplete={auto("country")}
        placeholder={words.countryPlaceholder}
        errors={errors.country}
      />
      <CheckboxField
        key={`invoice-${shown.requireInvoice ?? ""}`}
        name="requireInvoice"
        label={words.requireInvoice}
        defaultChecked={shown.requireInvoice === "on"}
        className="sm:col-span-2"
      />
      <div className="flex flex-col gap-3 sm:col-span-2">
        <SubmitButton pendingLabel={words.saving} className="self-start">
          {words.save}
        </SubmitButton>
        <FormStatus tone={tone} message={state.status === "ok" || state.status === "error" ? state.message : null} />
      </div>
    </form>
  );
}
