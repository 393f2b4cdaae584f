import { formatKwh, formatMoney } from "@/lib/format";
import type { MonthlyTotal } from "@/lib/sessions/monthly";

export interface MonthlyChartProps {
  totals: readonly MonthlyTotal[];
  currency: string | null;
}

const WIDTH = 360;
const HEIGHT = 168;
const TOP = 8;
const BOTTOM = 22;
const SLOT = WIDTH / 12;

interface BarSeries {
  title: string;
  values: number[];
  format: (value: number) => string;
}

/** A bar chart as inline SVG, no library. The data table below carries the same figures in text. */
function BarChart({ id, series, totals }: { id: string; series: BarSeries; totals: readonly MonthlyTotal[] }) {
  const max = Math.max(0, ...series.values);
  const plot = HEIGHT - TOP - BOTTOM;
  const peakIndex = series.values.indexOf(max);
  const summary =
    max > 0
      ? `${series.title}, last 12 months. Highest in ${totals[peakIndex]?.label}: ${series.format(max)}. The figures are in the table below.`
      : `${series.title}, last 12 months: nothing charged.`;
  return (
    <figure className="min-w-0">
      <figcaption id={`${id}-caption`} className="mb-1 text-sm">
        <span className="font-semibold">{series.title}</span>
        {max > 0 && (
          <span className="block text-xs text-slate-700 dark:text-slate-300">
            Highest: {series.format(max)} in {totals[peakIndex]?.label}
          </span>
        )}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={summary}
        className="h-auto w-full"
        preserveAspectRatio="xMidYMid meet"
      >
        <line
          x1={0}
          x2={WIDTH}
          y1={HEIGHT - BOTTOM}
          y2={HEIGHT - BOTTOM}
          className="stroke-slate-500 dark:stroke-slate-400"
          strokeWidth={1}
        />
        {series.values.map((value, i) => {
          const height = max > 0 ? Math.max(value > 0 ? 1 : 0, (value / max) * plot) : 0;
          const month = totals[i];
          return (
            <g key={month?.month ?? i}>
              <rect
                x={i * SLOT + SLOT * 0.18}
                y={HEIGHT - BOTTOM - height}
                width={SLOT * 0.64}
                height={height}
                rx={2}
                className="fill-brand-600 dark:fill-emerald-400"
              />
              <text
                x={i * SLOT + SLOT / 2}
                y={HEIGHT - 7}
                textAnchor="middle"
                fontSize={10}
                className="fill-slate-700 dark:fill-slate-300"
              >
                {month?.label.slice(0, 3)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/**
 * Energy and cost per month over the last 12 months: two small bar charts plus a table with the
 * same figures behind a disclosure (keyboard and screen-reader friendly). Server-renderable.
 */
export function MonthlyChart({ totals, currency }: MonthlyChartProps) {
  const running = totals.reduce((n, t) => n + t.runningCount, 0);
  return (
    <div className="space-y-4">
      <div className="grid gap-6 md:grid-cols-2">
        <BarChart
          id="monthly-energy"
          totals={totals}
          series={{ title: "Energy per month (kWh)", values: totals.map((t) => t.energyWh), format: formatKwh }}
        />
        <BarChart
          id="monthly-cost"
          totals={totals}
          series={{
            title: `Cost per month${currency ? ` (${currency})` : ""}`,
            values: totals.map((t) => t.amount),
            format: (v) => formatMoney(v, currency),
          }}
        />
      </div>
      {running > 0 && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {running === 1
            ? "One session is still charging; it is counted once it has finished."
            : `${running} sessions are still charging; they are counted once they have finished.`}
        </p>
      )}
      <details className="rounded-md border border-slate-200 dark:border-slate-700">
        <summary className="cursor-pointer rounded-md px-3 py-2 text-sm font-semibold">
          Show the figures as a table
        </summary>
        <div
          className="relative overflow-x-auto px-3 pb-3"
          role="region"
          aria-label="Monthly totals table"
          tabIndex={0}
        >
          <table className="w-full min-w-[24rem] text-sm">
            <caption className="sr-only">Energy and cost per month, last 12 months</caption>
            <thead>
              <tr className="text-left">
                <th scope="col" className="py-1 pr-3">
                  Month
                </th>
                <th scope="col" className="py-1 pr-3 text-right">
                  Sessions
                </th>
                <th scope="col" className="py-1 pr-3 text-right">
                  Energy
                </th>
                <th scope="col" className="py-1 text-right">
                  Cost
                </th>
              </tr>
            </thead>
            <tbody>
              {totals.map((t) => (
                <tr key={t.month} className="border-t border-slate-200 dark:border-slate-700">
                  <th scope="row" className="py-1 pr-3 text-left font-medium">
                    {t.label}
                  </th>
                  <td className="py-1 pr-3 text-right tabular-nums">{t.sessionCount}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{formatKwh(t.energyWh)}</td>
                  <td className="py-1 text-right tabular-nums">{formatMoney(t.amount, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
