"use client";
import { useId } from "react";
import { controlAttributes, errorId, FieldFrame } from "./field";

/** Apart from field.tsx, so a form with text fields only (the voucher form) does not carry the select's code. */
const SELECT_CLASSES =
  "min-h-10 rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100";

interface SelectProps extends Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  label: string;
  name: string;
  errors?: string[];
  options: readonly { value: string; label: string }[];
  placeholder?: string;
}

export function SelectField({ label, name, errors, options, placeholder, className = "", ...props }: SelectProps) {
  const id = useId();
  const describedBy = errors?.length ? errorId(id) : undefined;
  return (
    <FieldFrame id={id} label={label} required={props.required} errors={errors} className={className}>
      <select {...controlAttributes(id, name, errors, describedBy, SELECT_CLASSES)} {...props}>
        <SelectOptions placeholder={placeholder} options={options} />
      </select>
    </FieldFrame>
  );
}

/** A select's options; `placeholder` is a first option with an empty value (none chosen, or any). */
export function SelectOptions({
  placeholder,
  options,
}: {
  placeholder?: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}
