"use client";
import { useId } from "react";

const INPUT_CLASSES =
  "min-h-10 rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-700 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100";

interface FieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  name: string;
  errors?: string[];
  hint?: string;
}

/** A labelled input whose errors and hint are tied to it with aria-describedby. */
export function TextField({ label, name, errors, hint, className = "", ...props }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const describedBy =
    [hint ? hintId : null, errors?.length ? errorId(id) : null].filter(Boolean).join(" ") || undefined;
  return (
    <FieldFrame id={id} label={label} required={props.required} errors={errors} className={className}>
      <input {...controlAttributes(id, name, errors, describedBy, INPUT_CLASSES)} {...props} />
      {hint && (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
    </FieldFrame>
  );
}

type PresetFieldProps = Omit<FieldProps, "type" | "autoComplete" | "required">;

/** An e-mail address, typed by its owner, or by staff for someone else (`forSomeoneElse`: no autofill of their own). */
export function EmailField({ forSomeoneElse = false, ...props }: PresetFieldProps & { forSomeoneElse?: boolean }) {
  return <TextField type="email" autoComplete={forSomeoneElse ? "off" : "email"} required {...props} />;
}

/** A password chosen here: `new-password` lets a password manager suggest one and save it. */
export function NewPasswordField(props: PresetFieldProps) {
  return <TextField type="password" autoComplete="new-password" required {...props} />;
}

export const errorId = (id: string) => `${id}-error`;

/** A control's own attributes: what ties it to its label and to the messages that describe it, then its look. */
export function controlAttributes(
  id: string,
  name: string,
  errors: string[] | undefined,
  describedBy: string | undefined,
  className: string,
) {
  return { id, name, "aria-invalid": errors?.length ? true : undefined, "aria-describedby": describedBy, className };
}

/** A field's frame around its control: the label with the required mark above, the errors below. */
export function FieldFrame({
  id,
  label,
  required,
  errors,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  errors?: string[];
  className: string;
  children: React.ReactNode;
}) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
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
      {children}
      {errors?.length ? (
        <p id={errorId(id)} className="text-sm text-red-700 dark:text-red-400">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
