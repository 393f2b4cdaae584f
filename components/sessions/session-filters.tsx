"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { buttonClasses } from "@/components/ui/button-classes";
import { Spinner } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import type { SessionStatus } from "@/lib/platform/types";
import { PAGE_SIZES, SESSION_STATUSES, sessionFilterQuery } from "@/lib/features/sessions/shared";

export interface SessionFiltersProps {
  status?: SessionStatus;
  from?: string;
  to?: string;
  perPage: number;
  /** The list page the filters apply to. */
  path?: string;
}

const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

/** Filters live in the URL (a plain GET form without JS); keyed per filter, so back/forward shows that URL's fields. */
export function SessionFilters({ status, from, to, perPage, path = "/sessions" }: SessionFiltersProps) {
  const router = useRouter();
  const t = useTranslations("sessions");
  const [pending, startTransition] = useTransition();
  const statusOptions = SESSION_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }));

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
      aria-label={t("filters.form")}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
    >
      <SelectField
        label={t("filters.status")}
        name="status"
        options={statusOptions}
        placeholder={t("filters.allStatuses")}
        defaultValue={status ?? ""}
      />
      <TextField label={t("filters.from")} name="from" type="date" defaultValue={from ?? ""} />
      <TextField label={t("filters.to")} name="to" type="date" defaultValue={to ?? ""} />
      <SelectField
        label={t("filters.perPage")}
        name="perPage"
        options={PAGE_SIZE_OPTIONS}
        defaultValue={String(perPage)}
      />
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-1">
        <button type="submit" className={buttonClasses("primary")} disabled={pending}>
          {pending ? <Spinner label={t("filters.filtering")} /> : t("filters.apply")}
        </button>
        {hasFilters && (
          <Link href={`${path}${sessionFilterQuery({ perPage })}`} className={buttonClasses("secondary")}>
            {t("filters.clear")}
          </Link>
        )}
      </div>
    </form>
  );
}
