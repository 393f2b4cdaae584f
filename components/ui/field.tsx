"use client";
import { useId } from "react";

interface FieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  name: string;
  errors?: string[];
  hint?: string;
}

/** A labelled input whose errors and hint are tied to it with aria-describedby. */
export function TextField({ label, name, errors, hint, className = "", ...props }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, errors?.length ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <FieldLabel id={id} label={label} required={props.required} />
      <input
        id={id}
        name={name}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy}
        className="min-h-10 rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-700 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100"
        {...props}
      />
      {hint && (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

interface SelectProps extends Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  label: string;
  name: string;
  errors?: string[];
  options: readonly { value: string; label: string }[];
  placeholder?: string;
}

export function SelectField({ label, name, errors, options, placeholder, className = "", ...props }: SelectProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <FieldLabel id={id} label={label} required={props.required} />
      <select
        id={id}
        name={name}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        className="min-h-10 rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100"
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

/** A field's label, with the required mark beside it. */
function FieldLabel({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <span className="text-sm font-medium">
      <label htmlFor={id}>{label}</label>
      {/* Outside the label: the accessible name stays exactly the label; `required` is announced. */}
      {required && (
        <span aria-hidden="true" className="text-red-700 dark:text-red-400">
          {" "}
          *
        </span>
      )}
    </span>
  );
}

/** A field's errors, named by the input's aria-describedby. */
function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? (
    <p id={id} className="text-sm text-red-700 dark:text-red-400">
      {errors.join(" ")}
    </p>
  ) : null;
}
