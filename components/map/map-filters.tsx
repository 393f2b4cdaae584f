"use client";
import { useLocale, useTranslations } from "next-intl";
import { useId } from "react";
import {
  hasFilters,
  MIN_POWER_CHOICES_KW,
  parseConnector,
  parseMinKw,
  type PointFilters,
  formatKw,
  FILTERABLE_CONNECTORS,
} from "@/lib/features/map/shared";
import { SelectOptions } from "@/components/ui/select-field";

/**
 * Connector and minimum-power filters. They narrow the points already loaded, in the browser,
 * without a request (spec §2.5), and live in the URL so a filtered map can be shared or reloaded.
 */
export function MapFilters({ filters, onChange }: { filters: PointFilters; onChange: (next: PointFilters) => void }) {
  const t = useTranslations("map");
  const locale = useLocale();
  const powerChoices: number[] = [...MIN_POWER_CHOICES_KW];
  // A value from a shared URL that is not one of the choices is still shown and kept.
  if (filters.minKw !== null && !powerChoices.includes(filters.minKw)) powerChoices.push(filters.minKw);
  powerChoices.sort((a, b) => a - b);

  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">{t("filters.legend")}</legend>
      <FilterSelect
        label={t("filters.connector")}
        anyLabel={t("filters.anyConnector")}
        value={filters.connector ?? ""}
        options={FILTERABLE_CONNECTORS.map((connector) => ({ value: connector, label: connector }))}
        onChange={(value) => onChange({ ...filters, connector: parseConnector(value) })}
      />
      <FilterSelect
        label={t("filters.minPower")}
        anyLabel={t("filters.anyPower")}
        value={filters.minKw === null ? "" : String(filters.minKw)}
        options={powerChoices.map((kw) => ({
          value: String(kw),
          label: t("filters.powerOrMore", { power: formatKw(kw, locale) }),
        }))}
        onChange={(value) => onChange({ ...filters, minKw: parseMinKw(value) })}
      />
      {hasFilters(filters) && (
        <button
          type="button"
          onClick={() => onChange({ connector: null, minKw: null })}
          className="min-h-10 rounded-md px-3 py-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
        >
          {t("filters.clear")}
        </button>
      )}
    </fieldset>
  );
}

/** One filter: a labelled select whose first option (`anyLabel`) leaves the filter off. */
function FilterSelect({
  label,
  anyLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  anyLabel: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="min-w-36 flex-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className="mt-1 block w-full min-h-10 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <SelectOptions placeholder={anyLabel} options={options} />
      </select>
    </div>
  );
}
