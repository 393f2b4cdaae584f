"use client";

/**
 * The language select, which applies the choice at once: a change submits its form (the switcher's server action).
 * The server gives it its options and classes; without JavaScript the form's own button does it.
 */
export function LanguageSelect(props: React.SelectHTMLAttributes<HTMLSelectElement>) {
  return <select {...props} onChange={(event) => event.currentTarget.form?.requestSubmit()} />;
}
