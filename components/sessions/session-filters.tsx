"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { buttonClasses } from "@/components/ui/button-classes";
import { Spinner } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import type { SessionStatus } from "@/lib/platform/types";
import { PAGE_SIZES, SESSION_STATUS_LABELS, SESSION_STATUSES, sessionFilterQuery } from "@/lib/sessions/filters";

export interface SessionFiltersProps {
  status?: SessionStatus;
  from?: string;
  to?: string;
  perPage: number;
  /** The list page the filters apply to. */
  path?: string;
}

const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));
const STATUS_OPTIONS = SESSION_STATUSES.map((status) => ({ value: status, label: SESSION_STATUS_LABELS[status] }));

/**
 * Status and date range, kept in the URL. With JavaScript the form navigates client-side to a clean
 * URL (empty fields left out, back to page 1); without it, it is a plain GET form. The page gives it
 * a key per filter, so back/forward shows the fields of that URL.
 */
export function SessionFilters({ status, from, to, perPage, path = "/sessions" }: SessionFiltersProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const read = (name: string) => {
      const value = data.get(name);
      return typeof value === "string" && value !== "" ? value : undefined;
    };
    const size = Number(read("perPage") ?? perPage);
    const query = sessionFilterQuery({
      status: read("status") as SessionStatus | undefined,
      from: read("from"),
      to: read("to"),
      perPage: size,
    });
    startTransition(() => router.push(`${path}${query}`));
  }

  const hasFilters = Boolean(status || from || to);
  return (
    <form
      action={path}
      method="get"
      onSubmit={onSubmit}
      aria-label="Filter sessions"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
    >
      <SelectField
        label="Status"
        name="status"
        options={STATUS_OPTIONS}
        placeholder="All statuses"
        defaultValue={status ?? ""}
      />
      <TextField label="From" name="from" type="date" defaultValue={from ?? ""} />
      <TextField label="To" name="to" type="date" defaultValue={to ?? ""} />
      <SelectField label="Rows per page" name="perPage" options={PAGE_SIZE_OPTIONS} defaultValue={String(perPage)} />
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-1">
        <button type="submit" className={buttonClasses("primary")} disabled={pending}>
          {pending ? <Spinner label="Filtering…" /> : "Apply filters"}
        </button>
        {hasFilters && (
          <Link href={`${path}${sessionFilterQuery({ perPage })}`} className={buttonClasses("secondary")}>
            Clear filters
          </Link>
        )}
      </div>
    </form>
  );
}
