"use client";
import { useLocale } from "next-intl";
import { countryOptions } from "@/lib/core/countries";
import { TextField } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import type { FieldErrors } from "@/lib/core/actions/action-result";

/** The fields' labels, in the page's language (profileFieldLabels in ./profile-words.ts). */
export type ProfileFieldLabels = Record<
  "firstName" | "lastName" | "phone" | "address" | "city" | "postCode" | "country",
  string
>;

/** The text fields in form order, each with its autofill hint; the country (a select) follows them. */
const TEXT_FIELDS: {
  name: Exclude<keyof ProfileFieldLabels, "country">;
  autoComplete: string;
  type?: "tel";
  required?: true;
}[] = [
  { name: "firstName", autoComplete: "given-name", required: true },
  { name: "lastName", autoComplete: "family-name", required: true },
  { name: "phone", autoComplete: "tel", type: "tel" },
  { name: "address", autoComplete: "street-address" },
  { name: "city", autoComplete: "address-level2" },
  { name: "postCode", autoComplete: "postal-code" },
];

/**
 * Profile fields shared by sign-up, account page and admin, so labels and autocomplete hints match everywhere.
 * `personal` is false where staff type someone else's data (no autofill).
 */
export function ProfileFields({
  values,
  errors,
  labels,
  personal = true,
  countryPlaceholder,
}: {
  values: Record<string, string | undefined>;
  errors: FieldErrors;
  labels: ProfileFieldLabels;
  personal?: boolean;
  countryPlaceholder?: string;
}) {
  const locale = useLocale();
  const auto = (hint: string) => (personal ? hint : "off");
  return (
    <>
      {TEXT_FIELDS.map((field) => (
        <TextField
          key={field.name}
          label={labels[field.name]}
          name={field.name}
          type={field.type}
          autoComplete={auto(field.autoComplete)}
          required={field.required}
          defaultValue={values[field.name]}
          errors={errors[field.name]}
        />
      ))}
      <SelectField
        // A select only takes a new default on mount: remount it when the shown value changes.
        key={`country-${values.country ?? ""}`}
        // min-w-0: a grid item is as wide as its longest option otherwise, wider than a 360 px screen.
        className="min-w-0 sm:col-span-2 [&_select]:w-full [&_select]:min-w-0"
        label={labels.country}
        name="country"
        autoComplete={auto("country")}
        required
        defaultValue={values.country ?? ""}
        placeholder={values.country ? undefined : countryPlaceholder}
        options={countryOptions(locale)}
        errors={errors.country}
      />
    </>
  );
}
