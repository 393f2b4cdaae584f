import { getTranslations } from "next-intl/server";
import { TextField } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { buttonClasses } from "@/components/ui/button-classes";
import { SEARCH_KINDS, type DriverSearchKind } from "@/lib/features/admin/shared";

/** A plain GET form: the search lives in the URL, works without JavaScript and can be shared. */
export async function DriverSearchForm({ by, q, error }: { by: DriverSearchKind; q: string; error?: string }) {
  const t = await getTranslations("driverSearch");
  return (
    <form
      method="get"
      action="/admin/users"
      role="search"
      aria-label={t("form.label")}
      className="grid gap-3 sm:grid-cols-[auto_1fr_auto] sm:items-start"
    >
      <SelectField
        key={`by-${by}`}
        label={t("form.by")}
        name="by"
        defaultValue={by}
        options={SEARCH_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
      />
      <TextField
        key={`q-${by}-${q}`}
        label={t("form.q")}
        name="q"
        defaultValue={q}
        autoComplete="off"
        spellCheck={false}
        errors={error ? [error] : undefined}
      />
      <button type="submit" className={buttonClasses("primary", "sm:mt-6")}>
        {t("form.submit")}
      </button>
    </form>
  );
}
