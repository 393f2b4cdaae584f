import { getLocale, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { formatMoney, numberFormat } from "@/lib/core/format";
import type { EvseView, PriceView } from "@/lib/features/charging";
import { pricesWithoutTax, type EvseStatusCode } from "@/lib/features/charging/shared";
import type { TariffPrices } from "@/lib/platform/types";

const TONES = {
  available: "green",
  preparing: "amber",
  charging: "amber",
  suspendedEV: "amber",
  suspendedEVSE: "amber",
  finishing: "amber",
  reserved: "amber",
  unavailable: "slate",
  faulted: "red",
  unknown: "slate",
} as const satisfies Record<EvseStatusCode, string>;

/**
 * Each charging spot of a charge point: its live status in words, its connectors and what charging there costs, and
 * what `startFor` puts under it (the start form, or how to get to one).
 */
export async function ChargePointEvses({
  evses,
  startFor,
}: {
  evses: EvseView[];
  startFor?: (evse: EvseView) => React.ReactNode;
}) {
  const t = await getTranslations("charging");
  if (evses.length === 0) return <p>{t("page.noEvses")}</p>;
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {evses.map((evse) => (
        <li key={evse.id}>
          <EvseCard evse={evse} start={startFor?.(evse)} />
        </li>
      ))}
    </ul>
  );
}

async function EvseCard({ evse, start }: { evse: EvseView; start: React.ReactNode }) {
  const [t, locale] = await Promise.all([getTranslations("charging"), getLocale()]);
  const power = numberFormat(locale, { maximumFractionDigits: 1 });
  return (
    <Card title={t("page.evse", { reference: evse.reference ?? String(evse.id) })}>
      <p className="mb-3">
        <Badge tone={TONES[evse.status]}>{t(`evseStatus.${evse.status}`)}</Badge>
      </p>
      <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-300">{t("page.connectors")}</h3>
      <ul className="mb-3 list-disc pl-5">
        {evse.connectors.map((connector, index) => (
          <li key={index}>
            {connector.powerKw === null
              ? t("page.connectorNoPower", { type: connector.type })
              : t("page.connector", { type: connector.type, power: power.format(connector.powerKw) })}
          </li>
        ))}
      </ul>
      <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-300">{t("price.heading")}</h3>
      <Price price={evse.price} />
      {start ? <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700">{start}</div> : null}
    </Card>
  );
}

export async function Price({ price }: { price: PriceView }) {
  const t = await getTranslations("charging.price");
  switch (price.kind) {
    case "free":
      return <p className="text-lg font-semibold">{t("free")}</p>;
    case "notAllowed":
      return <p>{t("notAllowed")}</p>;
    case "notItemised":
      return <p>{t("notItemised")}</p>;
    case "unavailable":
      return <p role="status">{t("unavailable")}</p>;
    case "prices":
      return <PriceLines prices={price.prices} currency={price.currency} taxPercent={price.taxPercent} />;
  }
}

/** A tariff's components as the page words them, one line each; empty for a tariff that charges nothing. */
export async function priceLineTexts(prices: TariffPrices, currency: string | null): Promise<string[]> {
  const [t, locale] = await Promise.all([getTranslations("charging.price"), getLocale()]);
  const money = (amount: number) => formatMoney(amount, currency, locale);
  // Whole hours read as hours: "after 2 hours", not "after 120 minutes".
  const wholeHours = (minutes: number) => (minutes >= 60 && minutes % 60 === 0 ? minutes / 60 : null);
  const chargingFor = (minutes: number) => {
    const hours = wholeHours(minutes);
    return hours === null ? t("afterMinutes", { minutes }) : t("afterHours", { hours });
  };
  const pluggedInFor = (minutes: number) => {
    const hours = wholeHours(minutes);
    return hours === null ? t("idleAfter", { minutes }) : t("idleAfterHours", { hours });
  };
  // A fee, when it starts and its cap, as one line.
  const feeLine = (fee: string, after: string | null, limit: number | null) =>
    [fee, after, limit === null ? null : t("upTo", { amount: money(limit) })].filter(Boolean).join(", ");
  const lines: string[] = [];
  if (prices.perKwh !== null) lines.push(t("perKwh", { price: money(prices.perKwh) }));
  if (prices.perSession !== null) lines.push(t("perSession", { price: money(prices.perSession) }));
  if (prices.connectionFee !== null) lines.push(t("connectionFee", { price: money(prices.connectionFee) }));
  if (prices.perPeriod !== null && prices.periodMinutes !== null) {
    lines.push(
      feeLine(
        t("perPeriod", { price: money(prices.perPeriod), minutes: prices.periodMinutes }),
        prices.timeFeeAfterMinutes ? chargingFor(prices.timeFeeAfterMinutes) : null,
        prices.timeFeeLimit,
      ),
    );
  }
  if (prices.idleFeePerMinute !== null) {
    lines.push(
      feeLine(
        t("idle", { price: money(prices.idleFeePerMinute) }),
        prices.idleFeeAfterMinutes ? pluggedInFor(prices.idleFeeAfterMinutes) : null,
        prices.idleFeeLimit,
      ),
    );
  }
  return lines;
}

async function PriceLines({
  prices,
  currency,
  taxPercent,
}: {
  prices: TariffPrices;
  currency: string | null;
  taxPercent: number | null;
}) {
  const [t, locale, lines, netLines] = await Promise.all([
    getTranslations("charging.price"),
    getLocale(),
    priceLineTexts(prices, currency),
    taxPercent === null ? null : priceLineTexts(pricesWithoutTax(prices, taxPercent), currency),
  ]);
  if (lines.length === 0) return <p className="text-lg font-semibold">{t("free")}</p>;
  const tax =
    taxPercent === null || !netLines
      ? t("tax")
      : `${t("taxRate", { percent: numberFormat(locale, { maximumFractionDigits: 2 }).format(taxPercent) })} ${t("withoutTax", { prices: netLines.join("; ") })}`;
  return (
    <>
      <ul className="space-y-1">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{tax}</p>
    </>
  );
}
