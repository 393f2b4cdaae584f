import { getLocale, getTranslations } from "next-intl/server";
import { countryName } from "@/lib/core/countries";
import type { BillingDetailsView } from "@/lib/features/billing";
import { EmptyState } from "@/components/ui/empty-state";

type ReadOnlyView = Extract<BillingDetailsView, { status: "readOnly" }>;
type Line = ReadOnlyView["lines"][number];

/** Another invoice manager's billing details, shown as the charging service keeps them, with why they are not a form. */
export async function BillingDetailsReadOnly({ view, audience }: { view: ReadOnlyView; audience: "driver" | "staff" }) {
  const [t, locale] = await Promise.all([getTranslations("billing"), getLocale()]);
  const manager = t(`readOnly.managers.${view.manager}`);
  const valueOf = ({ field, value }: Line): string => {
    if (field === "country") return countryName(value, locale);
    if (field === "invoiceRequired") return t(value === "true" ? "readOnly.values.yes" : "readOnly.values.no");
    if (field === "clientType" && (value === "individual" || value === "company")) return t(`form.${value}`);
    if (field === "ecpayInvoiceType" && (value === "EInvoice" || value === "Company" || value === "Donation"))
      return t(`readOnly.values.${value}`);
    return value;
  };
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {audience === "driver" ? t("readOnly.intro", { manager }) : t("readOnly.staffIntro", { manager })}
      </p>
      {view.lines.length === 0 ? (
        <EmptyState>{t("readOnly.none")}</EmptyState>
      ) : (
        <dl aria-label={t("readOnly.label")} className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {view.lines.map((line) => (
            <div key={line.field} className="contents">
              <dt className="font-semibold">{t(`readOnly.fields.${line.field}`)}</dt>
              <dd className="break-words">{valueOf(line)}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
