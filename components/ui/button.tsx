"use client";
import { useFormStatus } from "react-dom";

import { buttonClasses, type ButtonVariant as Variant } from "./button-classes";

export function Button({
  variant = "primary",
  className = "",
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button className={buttonClasses(variant, className)} {...props} />;
}

/** A submit button that disables itself and says so while its form's action runs (no double submit). */
export function SubmitButton({
  children,
  pendingLabel,
  variant = "primary",
  className = "",
  ...props
}: React.ComponentProps<"button"> & { pendingLabel: string; variant?: Variant }) {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      className={buttonClasses(variant, className)}
      disabled={pending || props.disabled}
      aria-disabled={pending}
      {...props}
    >
      {pending && <Spinner />}
      {/* One flex item: a label in parts (a rich message's screen-reader words) keeps its own spacing. */}
      {pending ? pendingLabel : <span>{children}</span>}
    </button>
  );
}

export function Spinner({ label }: { label?: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      {label && <span>{label}</span>}
    </span>
  );
}
