import { SelectField, TextField } from "@/components/ui/field";
import { buttonClasses } from "@/components/ui/button-classes";
import { SEARCH_KINDS, type DriverSearchKind } from "@/lib/admin/search-kinds";

/** A plain GET form: the search lives in the URL, works without JavaScript and can be shared. */
export function DriverSearchForm({ by, q, error }: { by: DriverSearchKind; q: string; error?: string }) {
  return (
    <form
      method="get"
      action="/admin/users"
      role="search"
      aria-label="Find a driver"
      className="grid gap-3 sm:grid-cols-[14rem_1fr_auto] sm:items-start"
    >
      <SelectField
        key={`by-${by}`}
        label="Search by"
        name="by"
        defaultValue={by}
        options={SEARCH_KINDS.map((k) => ({ value: k.value, label: k.label }))}
      />
      <TextField
        key={`q-${by}-${q}`}
        label="Search for"
        name="q"
        defaultValue={q}
        autoComplete="off"
        spellCheck={false}
        errors={error ? [error] : undefined}
      />
      <button type="submit" className={buttonClasses("primary", "sm:mt-6")}>
        Search
      </button>
    </form>
  );
}
