import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { TextField } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { buttonClasses } from "@/components/ui/button-classes";
import { AUDIT_ACTION_KEYS, AUDIT_ACTIONS, type AuditFilter } from "@/lib/features/admin/shared";

/** GET form: the filters live in the URL, so a filtered view can be reloaded and shared. */
export async function AuditFilters({ filter }: { filter: AuditFilter }) {
  const t = await getTranslations("audit");
  const key = JSON.stringify(filter);
  const actionOptions = AUDIT_ACTIONS.map((value) => ({ value, label: t(`actions.${AUDIT_ACTION_KEYS[value]}`) }));
  const outcomeOptions = [
    { value: "success", label: t("outcome.success") },
    { value: "failure", label: t("outcome.failure") },
  ];
  return (
    <form
      method="get"
      action="/admin/audit"
      aria-label={t("filters.label")}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
    >
      <TextField
        key={`actor-${key}`}
        label={t("filters.actor")}
        name="actor"
        defaultValue={filter.actor}
        autoComplete="off"
      />
      <SelectField
        key={`action-${key}`}
        label={t("filters.action")}
        name="action"
        defaultValue={filter.action ?? ""}
        placeholder={t("filters.anyAction")}
        options={actionOptions}
      />
      <TextField
        key={`driver-${key}`}
        label={t("filters.driver")}
        name="driver"
        inputMode="numeric"
        defaultValue={filter.driver?.toString()}
        autoComplete="off"
      />
      <SelectField
        key={`outcome-${key}`}
        label={t("filters.outcome")}
        name="outcome"
        defaultValue={filter.outcome ?? ""}
        placeholder={t("filters.anyOutcome")}
        options={outcomeOptions}
      />
      <TextField key={`from-${key}`} label={t("filters.from")} name="from" type="date" defaultValue={filter.from} />
      <TextField key={`to-${key}`} label={t("filters.to")} name="to" type="date" defaultValue={filter.to} />
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
        <button type="submit" className={buttonClasses("primary")}>
          {t("filters.apply")}
        </button>
        <Link href="/admin/audit" className={buttonClasses("secondary")}>
          {t("filters.clear")}
        </Link>
      </div>
    </form>
  );
}
