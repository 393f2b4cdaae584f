import { getLocale, getTranslations } from "next-intl/server";
import { Fragment } from "react";
import { formatKwh, formatMoney } from "@/lib/core/format";
import { monthAxisLabel, monthLabel, type MonthlyTotal } from "@/lib/features/sessions/shared";
import { ColumnHeader } from "@/components/ui/table";

export interface MonthlyChartProps {
  totals: readonly MonthlyTotal[];
  currency: string | null;
}

const WIDTH = 360;
const HEIGHT = 168;
const TOP = 8;
const BOTTOM = 22;
const SLOT = WIDTH / 12;
/** Coordinates to a tenth of a unit: finer than a pixel, without 16 digits each in the page. */
const tenths = (value: number) => Math.round(value * 10) / 10;

interface BarSeries {
  title: string;
  values: number[];
  format: (value: number) => string;
}

/** A month of the chart with its names in the page's language. */
interface ChartMonth extends MonthlyTotal {
  /** "Mar 2026", for captions and the table. */
  label: string;
  /** "Mar", under its bar. */
  axisLabel: string;
}

type ChartWords = Awaited<ReturnType<typeof getTranslations<"sessions.chart">>>;

/** A bar chart as inline SVG, no library. The data table below carries the same figures in text. */
function BarChart({
  id,
  series,
  months,
  t,
}: {
  id: string;
  series: BarSeries;
  months: readonly ChartMonth[];
  t: ChartWords;
}) {
  const max = Math.max(0, ...series.values);
  const plot = HEIGHT - TOP - BOTTOM;
  const peak = months[series.values.indexOf(max)]?.label ?? "";
  const summary =
    max > 0
      ? t("summary", { title: series.title, month: peak, value: series.format(max) })
      : t("summaryEmpty", { title: series.title });
  return (
    <figure className="min-w-0">
      <figcaption id={`${id}-caption`} className="mb-1 text-sm">
        <span className="font-semibold">{series.title}</span>
        {max > 0 && (
          <span className="block text-xs text-slate-700 dark:text-slate-300">
            {t("highest", { value: series.format(max), month: peak })}
          </span>
        )}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={summary}
        className="bar-chart"
        preserveAspectRatio="xMidYMid meet"
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} />
        {series.values.map((value, i) => {
          const height = max > 0 ? Math.max(value > 0 ? 1 : 0, (value / max) * plot) : 0;
          const month = months[i];
          return (
            <Fragment key={month?.month ?? i}>
              <rect
                x={tenths(i * SLOT + SLOT * 0.18)}
                y={tenths(HEIGHT - BOTTOM - height)}
                width={tenths(SLOT * 0.64)}
                height={tenths(height)}
                rx={2}
              />
              <text x={i * SLOT + SLOT / 2} y={HEIGHT - 7}>
                {month?.axisLabel}
              </text>
            </Fragment>
          );
        })}
      </svg>
    </figure>
  );
}

/** Two small bar charts plus the same figures in a table behind a disclosure, for keyboard and screen readers. */
export async function MonthlyChart({ totals, currency }: MonthlyChartProps) {
  const [t, locale] = await Promise.all([getTranslations("sessions.chart"), getLocale()]);
  const months: ChartMonth[] = totals.map((total) => ({
    ...total,
    label: monthLabel(total.month, locale),
    axisLabel: monthAxisLabel(total.month, locale),
  }));
  const running = totals.reduce((n, total) => n + total.runningCount, 0);
  const kwh = (wh: number) => formatKwh(wh, locale);
  const money = (amount: number) => formatMoney(amount, currency, locale);
  return (
    <div className="space-y-4">
      <div className="grid gap-6 md:grid-cols-2">
        <BarChart
          id="monthly-energy"
          months={months}
          t={t}
          series={{ title: t("energyTitle"), values: totals.map((total) => total.energyWh), format: kwh }}
        />
        <BarChart
          id="monthly-cost"
          months={months}
          t={t}
          series={{
            title: currency ? t("costTitleIn", { currency }) : t("costTitle"),
            values: totals.map((total) => total.amount),
            format: money,
          }}
        />
      </div>
      {running > 0 && <p className="text-sm text-slate-700 dark:text-slate-300">{t("running", { count: running })}</p>}
      <details className="rounded-md border border-slate-200 dark:border-slate-700">
        <summary className="cursor-pointer rounded-md px-3 py-2 text-sm font-semibold">{t("showTable")}</summary>
        <div className="relative overflow-x-auto px-3 pb-3" role="region" aria-label={t("tableRegion")} tabIndex={0}>
          <table className="monthly-table">
            <caption className="sr-only">{t("tableCaption")}</caption>
            <thead>
              <tr>
                <ColumnHeader>{t("month")}</ColumnHeader>
                <ColumnHeader>{t("sessions")}</ColumnHeader>
                <ColumnHeader>{t("energy")}</ColumnHeader>
                <ColumnHeader>{t("cost")}</ColumnHeader>
              </tr>
            </thead>
            <tbody>
              {months.map((month) => (
                <tr key={month.month}>
                  <th scope="row">{month.label}</th>
                  <td>{month.sessionCount}</td>
                  <td>{kwh(month.energyWh)}</td>
                  <td>{money(month.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
