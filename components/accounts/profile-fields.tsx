"use client";
import { useTranslations } from "next-intl";
import { ADDRESS_FIELDS, WIDE_FIELD } from "@/components/ui/address-fields";
import { TextField } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/core/actions/action-result";
import { CountryField } from "@/components/ui/country-field";

type ProfileFieldName = "firstName" | "lastName" | "phone" | "address" | "city" | "postCode" | "country";

/** The text fields in form order, each with its autofill hint; the country (a select) follows them, beside the phone. */
const TEXT_FIELDS: {
  name: Exclude<ProfileFieldName, "country">;
  autoComplete: string;
  type?: "tel";
  required?: true;
  wide?: boolean;
}[] = [
  { name: "firstName", autoComplete: "given-name", required: true },
  { name: "lastName", autoComplete: "family-name", required: true },
  ...ADDRESS_FIELDS,
  { name: "phone", autoComplete: "tel", type: "tel" },
];

/**
 * Profile fields shared by sign-up, account page and admin, so labels and autocomplete hints match everywhere.
 * `personal` is false where staff type someone else's data (no autofill).
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
  const t = useTranslations("profile.fields");
  const labels: Record<ProfileFieldName, string> = {
    firstName: t("firstName"),
    lastName: t("lastName"),
    phone: t("phone"),
    address: t("address"),
    city: t("city"),
    postCode: t("postCode"),
    country: t("country"),
  };
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
          className={field.wide ? WIDE_FIELD : ""}
          defaultValue={values[field.name]}
          errors={errors[field.name]}
        />
      ))}
      <CountryField
        value={values.country ?? ""}
        label={labels.country}
        autoComplete={auto("country")}
        required
        placeholder={values.country ? undefined : countryPlaceholder}
        errors={errors.country}
      />
    </>
  );
}
