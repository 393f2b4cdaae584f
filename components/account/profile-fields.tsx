"use client";
import { COUNTRY_OPTIONS } from "@/lib/countries";
import { SelectField, TextField } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/forms/action-result";

/**
 * The driver profile fields as one group, shared by sign-up, the account page and the admin
 * "create driver" form, so labels, names and autocomplete hints stay identical everywhere.
 * `personal` is false where staff type someone else's data (no browser autofill of their own).
 */
export function ProfileFields({
  values,
  errors,
  personal = true,
  countryPlaceholder,
}: {
  values: Record<string, string | undefined>;
  errors: FieldErrors;
  personal?: boolean;
  countryPlaceholder?: string;
}) {
  const auto = (hint: string) => (personal ? hint : "off");
  return (
    <>
      <TextField
        label="First name"
        name="firstName"
        autoComplete={auto("given-name")}
        required
        defaultValue={values.firstName}
        errors={errors.firstName}
      />
      <TextField
        label="Last name"
        name="lastName"
        autoComplete={auto("family-name")}
        required
        defaultValue={values.lastName}
        errors={errors.lastName}
      />
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        autoComplete={auto("tel")}
        defaultValue={values.phone}
        errors={errors.phone}
      />
      <TextField
        label="Street and number"
        name="address"
        autoComplete={auto("street-address")}
        defaultValue={values.address}
        errors={errors.address}
      />
      <TextField
        label="City"
        name="city"
        autoComplete={auto("address-level2")}
        defaultValue={values.city}
        errors={errors.city}
      />
      <TextField
        label="Postcode"
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
        label="Country"
        name="country"
        autoComplete={auto("country")}
        required
        defaultValue={values.country ?? ""}
        placeholder={values.country ? undefined : countryPlaceholder}
        options={COUNTRY_OPTIONS}
        errors={errors.country}
      />
    </>
  );
}
