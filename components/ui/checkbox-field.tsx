/** A labelled checkbox of a form, its text beside it; `className` places it in the form's grid. */
export function CheckboxField({
  name,
  label,
  defaultChecked,
  className = "",
}: {
  name: string;
  label: string;
  defaultChecked: boolean;
  className?: string;
}) {
  return (
    <label className={`flex items-start gap-2 text-sm ${className}`.trim()}>
      <input
        type="checkbox"
        name={name}
        defaultChecked={defaultChecked}
        className="mt-1 h-4 w-4 accent-brand-700 dark:accent-emerald-400"
      />
      <span>{label}</span>
    </label>
  );
}
