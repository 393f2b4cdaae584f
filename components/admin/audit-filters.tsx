import Link from "next/link";
import { SelectField, TextField } from "@/components/ui/field";
import { buttonClasses } from "@/components/ui/button-classes";
import { AUDIT_ACTION_LABELS } from "@/lib/admin/audit-actions";
import type { AuditFilter } from "@/lib/admin/audit-filter";

const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }));
const OUTCOME_OPTIONS = [
  { value: "success", label: "Success" },
  { value: "failure", label: "Failure" },
];

/** GET form: the filters live in the URL, so a filtered view can be reloaded and shared. */
export function AuditFilters({ filter }: { filter: AuditFilter }) {
  const key = JSON.stringify(filter);
  return (
    <form
      method="get"
      action="/admin/audit"
      aria-label="Filter the audit log"
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
    >
      <TextField
        key={`actor-${key}`}
        label="Staff e-mail contains"
        name="actor"
        defaultValue={filter.actor}
        autoComplete="off"
      />
      <SelectField
        key={`action-${key}`}
        label="Action"
        name="action"
        defaultValue={filter.action ?? ""}
        placeholder="Any action"
        options={ACTION_OPTIONS}
      />
      <TextField
        key={`driver-${key}`}
        label="Driver (platform user id)"
        name="driver"
        inputMode="numeric"
        defaultValue={filter.driver?.toString()}
        autoComplete="off"
      />
      <SelectField
        key={`outcome-${key}`}
        label="Outcome"
        name="outcome"
        defaultValue={filter.outcome ?? ""}
        placeholder="Any outcome"
        options={OUTCOME_OPTIONS}
      />
      <TextField key={`from-${key}`} label="From (date)" name="from" type="date" defaultValue={filter.from} />
      <TextField key={`to-${key}`} label="To (date)" name="to" type="date" defaultValue={filter.to} />
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
        <button type="submit" className={buttonClasses("primary")}>
          Apply filters
        </button>
        <Link href="/admin/audit" className={buttonClasses("secondary")}>
          Clear filters
        </Link>
      </div>
    </form>
  );
}
