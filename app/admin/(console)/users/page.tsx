import type { Metadata } from "next";
import Link from "next/link";
import { requireStaffPage } from "@/lib/auth/guards";
import { findDrivers, parseDriverSearch, type DriverSearchHit } from "@/lib/admin/find-driver";
import { SEARCH_KINDS } from "@/lib/admin/search-kinds";
import { platformErrorMessage } from "@/lib/platform-errors-to-messages";
import { DriverSearchForm } from "@/components/admin/driver-search-form";
import { DriverSearchResults } from "@/components/admin/driver-search-results";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-classes";
import { logger } from "@/lib/log";

export const metadata: Metadata = { title: "Find a driver" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function FindDriverPage({ searchParams }: { searchParams: SearchParams }) {
  await requireStaffPage();
  const search = parseDriverSearch(await searchParams);

  let hits: DriverSearchHit[] | null = null;
  let failure: string | null = null;
  if (search.kind === "ok") {
    try {
      hits = await findDrivers(search.query);
    } catch (error) {
      logger("admin").error("driver search failed", error);
      failure = platformErrorMessage(error, "search for drivers");
    }
  }
  const kindLabel = SEARCH_KINDS.find((k) => k.value === search.by)?.label.toLowerCase() ?? "search";

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Find a driver</h1>
        <Link href="/admin/users/new" className={buttonClasses("secondary")}>
          Create a driver
        </Link>
      </div>
      <DriverSearchForm by={search.by} q={search.q} error={search.kind === "invalid" ? search.message : undefined} />

      <section aria-labelledby="results-heading" className="space-y-3">
        <h2 id="results-heading" className="text-lg font-semibold">
          Results
        </h2>
        <div role="status" aria-live="polite">
          {search.kind === "empty" && (
            <p className="text-slate-700 dark:text-slate-300">
              Search by e-mail address, platform user id or card code to open a driver.
            </p>
          )}
          {search.kind === "invalid" && (
            <p className="text-slate-700 dark:text-slate-300">Correct the search above and try again.</p>
          )}
          {failure && (
            <Alert tone="error" title="The search did not complete">
              {failure}
            </Alert>
          )}
          {hits && hits.length === 0 && (
            <p className="text-slate-700 dark:text-slate-300">
              No driver found for that {kindLabel}. Check it for typos, or{" "}
              <Link href="/admin/users/new" className="font-semibold text-brand-700 underline dark:text-brand-100">
                create a driver
              </Link>
              .
            </p>
          )}
          {hits && hits.length > 0 && (
            <p className="text-slate-700 dark:text-slate-300">
              {hits.length === 1 ? "1 result." : `${hits.length} results.`}
            </p>
          )}
        </div>
        {hits && hits.length > 0 && <DriverSearchResults hits={hits} byCard={search.by === "card"} />}
      </section>
    </div>
  );
}
