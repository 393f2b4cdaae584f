"use client";
import { useLocale, useTranslations } from "next-intl";
import { useId } from "react";
import {
  hasFilters,
  MIN_POWER_CHOICES_KW,
  parseConnector,
  parseMinKw,
  type PointFilters,
} from "@/lib/features/map/filters";
import { formatKw } from "@/lib/features/map/format";
import { FILTERABLE_CONNECTORS } from "@/lib/features/map/points";

/**
 * Connector and minimum-power filters. They narrow the points already loaded, in the browser,
 * without a request (spec §2.5), and live in the URL so a filtered map can be shared or reloaded.
 */
export function MapFilters({ filters, onChange }: { filters: PointFilters; onChange: (next: PointFilters) => void }) {
  const t = useTranslations("map");
  const locale = useLocale();
  const id = useId();
  const powerChoices: number[] = [...MIN_POWER_CHOICES_KW];
  // A value from a shared URL that is not one of the choices is still shown and kept.
  if (filters.minKw !== null && !powerChoices.includes(filters.minKw)) powerChoices.push(filters.minKw);
  powerChoices.sort((a, b) => a - b);
  const selectClasses =
    "mt-1 block w-full min-h-10 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900";

  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">{t("filters.legend")}</legend>
      <div className="min-w-36 flex-1">
        <label htmlFor={`${id}-connector`} className="text-sm font-medium">
          {t("filters.connector")}
        </label>
        <select
          id={`${id}-connector`}
          className={selectClasses}
          value={filters.connector ?? ""}
          onChange={(event) => onChange({ ...filters, connector: parseConnector(event.target.value) })}
        >
          <option value="">{t("filters.anyConnector")}</option>
          {FILTERABLE_CONNECTORS.map((connector) => (
            <option key={connector} value={connector}>
              {connector}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-36 flex-1">
        <label htmlFor={`${id}-power`} className="text-sm font-medium">
          {t("filters.minPower")}
        </label>
        <select
          id={`${id}-power`}
          className={selectClasses}
          value={filters.minKw === null ? "" : String(filters.minKw)}
          onChange={(event) => onChange({ ...filters, minKw: parseMinKw(event.target.value) })}
        >
          <option value="">{t("filters.anyPower")}</option>
          {powerChoices.map((kw) => (
            <option key={kw} value={String(kw)}>
              {t("filters.powerOrMore", { power: formatKw(kw, locale) })}
            </option>
          ))}
        </select>
      </div>
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
