import type { Metadata } from "next";
import { requireStaffPage } from "@/lib/auth/guards";
import { auditFilterQuery, parseAuditFilter } from "@/lib/admin/audit-filter";
import { listAuditEntries } from "@/lib/admin/audit-log";
import { AuditFilters } from "@/components/admin/audit-filters";
import { AuditTable } from "@/components/admin/audit-table";
import { Pager } from "@/components/ui/pager";
import { Alert } from "@/components/ui/alert";

export const metadata: Metadata = { title: "Audit log" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  await requireStaffPage();
  const { filter, messages } = parseAuditFilter(await searchParams);
  const result = await listAuditEntries(filter);
  const filtered = Object.keys(filter).some((k) => k !== "page");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Audit log</h1>
      <p className="text-slate-700 dark:text-slate-300">
        Every change staff make to driver accounts, cards and roles, with its outcome. Entries cannot be edited or
        removed.
      </p>
      <AuditFilters filter={filter} />
      {messages.length > 0 && (
        <Alert tone="warning" title="Some filters were ignored">
          <ul className="list-disc pl-5">
            {messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </Alert>
      )}
      <section aria-labelledby="entries-heading" className="space-y-3">
        <h2 id="entries-heading" className="text-lg font-semibold">
          Entries <span className="font-normal text-slate-700 dark:text-slate-300">({result.total})</span>
        </h2>
        {result.entries.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">
            {filtered ? "No entries match these filters. Clear or widen them." : "No staff changes have been made yet."}
          </p>
        ) : (
          <AuditTable entries={result.entries} />
        )}
        <Pager
          label="Audit log pages"
          page={result.page}
          lastPage={result.lastPage}
          hrefFor={(page) => `/admin/audit${auditFilterQuery({ ...filter, page })}`}
        />
      </section>
    </div>
  );
}
