"use client";
import { useCountryOptions } from "./country-names-provider";
import { SelectField } from "./select-field";

/**
 * The `country` select, its names in the page's language (from `CountryNames` around the page); `value` is the shown
 * ISO code ("" for none).
 */
export function CountryField({
  value,
  label,
  autoComplete,
  placeholder,
  required,
  errors,
  className = "",
}: {
  value: string;
  label: string;
  autoComplete: string;
  placeholder?: string;
  required?: boolean;
  errors?: string[];
  className?: string;
}) {
  const options = useCountryOptions();
  return (
    <SelectField
      // A select only takes a new default on mount: remount it when the shown value changes.
      key={`country-${value}`}
      // min-w-0: a grid item is as wide as its longest option otherwise, wider than a 360 px screen.
      className={`min-w-0 [&_select]:w-full [&_select]:min-w-0 ${className}`.trim()}
      label={label}
      name="country"
      autoComplete={autoComplete}
      required={required}
      defaultValue={value}
      placeholder={placeholder}
      options={options}
      errors={errors}
    />
  );
}
