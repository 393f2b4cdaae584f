import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { Suspense } from "react";
import { LiveSessionsSection, MonthlySection } from "@/components/sessions/sessions-overview";
import { ExpensePackDialog } from "@/components/sessions/expense-pack-dialog";
import { SessionFilters } from "@/components/sessions/session-filters";
import { SessionPagination } from "@/components/sessions/session-pagination";
import { ChartSkeleton } from "@/components/sessions/sessions-skeleton";
import { SessionTable } from "@/components/sessions/session-table";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { requireDriverPage } from "@/lib/auth/guards";
import { packChoices } from "@/lib/expense-pack/period";
import { getPlatform } from "@/lib/platform";
import { platformErrorMessage } from "@/lib/platform-errors-to-messages";
import { logSessionError } from "@/lib/sessions/deps";
import { hasRangeFilter, parseSessionFilter, sessionFilterQuery, type SessionListFilter } from "@/lib/sessions/filters";
import { preferredLocale } from "@/lib/i18n/accept-language";
import { getLocationNames, getSessionsOverview, listDriverSessions } from "@/lib/sessions/service";
import { settle } from "@/lib/sessions/settle";

export const metadata: Metadata = { title: "Charging sessions" };

const linkClass = "font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100";

export default async function SessionsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requireDriverPage();
  const platformUserId = viewer.platformUserId;
  const [{ filter, messages }, requestHeaders] = await Promise.all([searchParams.then(parseSessionFilter), headers()]);
  const locale = preferredLocale(requestHeaders.get("accept-language"));

  // Independent platform reads start together; the 12-month walk streams into its own sections.
  const overview = settle(getSessionsOverview(platformUserId));
  const [list, user, locationNames] = await Promise.all([
    settle(listDriverSessions(platformUserId, filter)),
    settle(getPlatform().users.getUser(platformUserId)),
    getLocationNames(locale),
  ]);
  if (!user.ok) logSessionError("reading the account currency", user.error);
  if (!list.ok) logSessionError("listing sessions", list.error);
  const currency = user.ok ? user.value.currency : null;
  const range = { status: filter.status, from: filter.from, to: filter.to };
  const hrefFor = (page: number) => `/sessions${sessionFilterQuery({ ...filter, page })}`;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Charging sessions</h1>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            Energy, cost and status of each charge. Times are the charge point&apos;s local time.
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <a href={`/api/sessions/export${sessionFilterQuery(range)}`} download className={buttonClasses("secondary")}>
            Download CSV<span className="sr-only"> of the sessions matching the filters</span>
          </a>
          <ExpensePackDialog endpoint="/api/sessions/expense-pack" {...packChoices(new Date(), range)} />
        </div>
      </div>

      {messages.length > 0 && (
        <Alert tone="warning" title="Some filters were not understood">
          <ul className="list-disc pl-5">
            {messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      )}
      {!user.ok && (
        <Alert tone="info">
          Amounts are shown without a currency because your account could not be read just now. Reload the page to try
          again.
        </Alert>
      )}

      <Suspense fallback={null}>
        <LiveSessionsSection overview={overview} currency={currency} />
      </Suspense>

      <Card title="Your sessions">
        <SessionFilters
          key={sessionFilterQuery({ ...filter, page: 1 })}
          status={filter.status}
          from={filter.from}
          to={filter.to}
          perPage={filter.perPage}
        />
        <div className="mt-4 space-y-3">
          {list.ok ? (
            <SessionList
              filter={filter}
              page={list.value}
              currency={currency}
              locationNames={locationNames}
              hrefFor={hrefFor}
              clearHref={`/sessions${sessionFilterQuery({ perPage: filter.perPage })}`}
            />
          ) : (
            <Alert tone="error" title="Your sessions could not be loaded">
              {platformErrorMessage(list.error, "load your sessions")}{" "}
              <Link href={hrefFor(filter.page)} className={linkClass} prefetch={false}>
                Try again
              </Link>
            </Alert>
          )}
        </div>
      </Card>

      <Card title="Last 12 months">
        <Suspense fallback={<ChartSkeleton />}>
          <MonthlySection overview={overview} currency={currency} />
        </Suspense>
      </Card>
    </div>
  );
}

interface SessionListProps {
  filter: SessionListFilter;
  page: Awaited<ReturnType<typeof listDriverSessions>>;
  currency: string | null;
  locationNames: Record<number, string>;
  hrefFor: (page: number) => string;
  clearHref: string;
}

function SessionList({ filter, page, currency, locationNames, hrefFor, clearHref }: SessionListProps) {
  if (page.items.length === 0) {
    if (filter.page > 1 && page.total > 0) {
      return (
        <p>
          There is no page {filter.page} with these filters.{" "}
          <Link href={hrefFor(1)} className={linkClass}>
            Go to the first page
          </Link>
        </p>
      );
    }
    if (hasRangeFilter(filter)) {
      return (
        <p>
          No sessions match these filters. Choose a wider date range or another status, or{" "}
          <Link href={clearHref} className={linkClass}>
            clear the filters
          </Link>
          .
        </p>
      );
    }
    return <p>No charging sessions yet. Charge with your card or the app and your sessions show up here.</p>;
  }
  return (
    <>
      <SessionTable
        sessions={page.items}
        currency={currency}
        caption={
          hasRangeFilter(filter)
            ? "Charging sessions matching the filters, newest first"
            : "Charging sessions, newest first"
        }
        rowHref={(session) => `/sessions/${session.id}`}
        locationNames={locationNames}
      />
      <SessionPagination
        page={page.page}
        lastPage={page.lastPage}
        hasNext={page.hasNext}
        total={page.total}
        hrefFor={hrefFor}
      />
    </>
  );
}
