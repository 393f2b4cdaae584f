"use client";
import { useLocale } from "next-intl";
import { countryOptions } from "@/lib/core/countries";
import { SelectField, TextField } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/core/actions/action-result";

/** The fields' labels, in the page's language (profileFieldLabels in ./profile-words.ts). */
export type ProfileFieldLabels = Record<
  "firstName" | "lastName" | "phone" | "address" | "city" | "postCode" | "country",
  string
>;

/**
 * The driver profile fields as one group, shared by sign-up, the account page and the admin
 * "create driver" form, so labels, names and autocomplete hints stay identical everywhere.
 * `personal` is false where staff type someone else's data (no browser autofill of their own).
 * Country names are in the page's language (Intl.DisplayNames where the runtime has it, else English).
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
      <TextField
        label={labels.firstName}
        name="firstName"
        autoComplete={auto("given-name")}
        required
        defaultValue={values.firstName}
        errors={errors.firstName}
      />
      <TextField
        label={labels.lastName}
        name="lastName"
        autoComplete={auto("family-name")}
        required
        defaultValue={values.lastName}
        errors={errors.lastName}
      />
      <TextField
        label={labels.phone}
        name="phone"
        type="tel"
        autoComplete={auto("tel")}
        defaultValue={values.phone}
        errors={errors.phone}
      />
      <TextField
        label={labels.address}
        name="address"
        autoComplete={auto("street-address")}
        defaultValue={values.address}
        errors={errors.address}
      />
      <TextField
        label={labels.city}
        name="city"
        autoComplete={auto("address-level2")}
        defaultValue={values.city}
        errors={errors.city}
      />
      <TextField
        label={labels.postCode}
        name="postCode"
        autoComplete={auto("postal-code")}
        defaultValue={values.postCode}
        errors={errors.postCode}
      />
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
