import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { LiveSessionsSection, MonthlySection } from "@/components/sessions/sessions-overview";
import { ExpensePackDialog } from "@/components/sessions/expense-pack-dialog";
import { SessionFilters } from "@/components/sessions/session-filters";
import { SessionPagination } from "@/components/sessions/session-pagination";
import { ChartSkeleton } from "@/components/sessions/sessions-skeleton";
import { SessionTable } from "@/components/sessions/session-table";
import { Alert, FilterProblems } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { requireDriverPage } from "@/lib/core/auth/guards";
import { platformErrorMessage } from "@/lib/core/platform-errors-to-messages";
import { getPlatformUser } from "@/lib/features/accounts/platform-user";
import { logSessionError } from "@/lib/features/sessions/deps";
import {
  hasRangeFilter,
  parseSessionFilter,
  sessionFilterQuery,
  type SessionListFilter,
} from "@/lib/features/sessions/filters";
import { placesOfSessions, type PagePlaces } from "@/lib/features/sessions";
import { getSessionsOverview, listDriverSessions } from "@/lib/features/sessions/service";
import { settle } from "@/lib/features/sessions/settle";
import { titleFrom } from "@/components/layout/page-title";
import type { SearchParamsProps } from "@/components/layout/search-params";
import { INLINE_LINK_CLASS, inlineLink, screenReaderOnly } from "@/components/ui/rich-text";
import { ListEmptyState } from "@/components/ui/empty-state";
import { RetryAlert } from "@/components/ui/load-error";
import { readListQuery } from "@/components/layout/list-query";
import { FollowedDownloadLink } from "@/components/ui/followed-download-link";

export const generateMetadata = titleFrom("sessions.title");

export default async function SessionsPage({ searchParams }: SearchParamsProps) {
  const viewer = await requireDriverPage();
  const platformUserId = viewer.platformUserId;
  const [t, { translator, locale, filter, problems }] = await Promise.all([
    getTranslations("sessions"),
    readListQuery(searchParams, parseSessionFilter),
  ]);

  // Independent platform reads start together; the 12-month walk streams into its own sections.
  const overview = settle(getSessionsOverview(platformUserId));
  const [list, user] = await Promise.all([
    settle(listDriverSessions(platformUserId, filter)),
    settle(getPlatformUser(platformUserId)),
  ]);
  const places = list.ok ? await placesOfSessions(list.value.items, locale) : undefined;
  if (!user.ok) logSessionError("reading the account currency", user.error);
  if (!list.ok) logSessionError("listing sessions", list.error);
  const currency = user.ok ? user.value.currency : null;
  const range = { status: filter.status, from: filter.from, to: filter.to };
  const hrefFor = (page: number) => `/sessions${sessionFilterQuery({ ...filter, page })}`;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t("title")}</h1>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("intro")}</p>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <FollowedDownloadLink
            href={`/api/sessions/export${sessionFilterQuery(range)}`}
            filename="charging-sessions.csv"
            className={buttonClasses("secondary")}
          >
            {t.rich("downloadCsv", { sr: screenReaderOnly })}
          </FollowedDownloadLink>
          <ExpensePackDialog endpoint="/api/sessions/expense-pack" filters={range} />
        </div>
      </div>

      <FilterProblems title={t("filtersNotUnderstood")} problems={problems} />
      {/* During an outage the list's error is the one box: no currency note beside it. */}
      {!user.ok && list.ok && <Alert tone="info">{t("noCurrency")}</Alert>}

      <Suspense fallback={null}>
        <LiveSessionsSection overview={overview} currency={currency} />
      </Suspense>

      <Card title={t("yourSessions")}>
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
              places={places}
              hrefFor={hrefFor}
              clearHref={`/sessions${sessionFilterQuery({ perPage: filter.perPage })}`}
            />
          ) : (
            <RetryAlert
              title={t("loadFailed")}
              message={platformErrorMessage(translator, list.error, "sessions.doing.loadSessions")}
              retryHref={hrefFor(filter.page)}
              retry={t("tryAgain")}
            />
          )}
        </div>
      </Card>

      {list.ok && (
        <Card title={t("lastTwelveMonths")}>
          <Suspense fallback={<ChartSkeleton />}>
            <MonthlySection overview={overview} currency={currency} />
          </Suspense>
        </Card>
      )}
    </div>
  );
}

interface SessionListProps {
  filter: SessionListFilter;
  page: Awaited<ReturnType<typeof listDriverSessions>>;
  currency: string | null;
  places: PagePlaces | undefined;
  hrefFor: (page: number) => string;
  clearHref: string;
}

async function SessionList({ filter, page, currency, places, hrefFor, clearHref }: SessionListProps) {
  const t = await getTranslations("sessions.list");
  if (page.items.length === 0) {
    const firstPage = filter.page > 1 && page.total > 0 && (
      <>
        {t("noPage", { page: String(filter.page) })}{" "}
        <Link href={hrefFor(1)} className={INLINE_LINK_CLASS}>
          {t("firstPage")}
        </Link>
      </>
    );
    return (
      <ListEmptyState
        pastEnd={firstPage}
        noMatch={hasRangeFilter(filter) && t.rich("noMatch", { clear: inlineLink(clearHref) })}
        none={t("none")}
      />
    );
  }
  return (
    <>
      {places?.noneTold && <p className="text-sm text-slate-700 dark:text-slate-300">{t("placesNotTold")}</p>}
      <SessionTable
        sessions={page.items}
        currency={currency}
        caption={hasRangeFilter(filter) ? t("captionFiltered") : t("caption")}
        rowHref={(session) => `/sessions/${session.id}`}
        places={places}
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
