import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonClasses } from "@/components/ui/button-classes";
import { TextField } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { PAYMENT_KINDS, paymentFilterQuery, type PaymentRangeFilter, KIND_KEYS } from "@/lib/features/payments/shared";

const PATH = "/account/payments";

/** A plain GET form: the filters live in the URL, work without JavaScript and add nothing to the bundle. */
export async function PaymentFilters({ kind, from, to }: PaymentRangeFilter) {
  const t = await getTranslations("payments");
  const kindOptions = PAYMENT_KINDS.map((value) => ({ value, label: t(`kinds.${KIND_KEYS[value]}`) }));
  return (
    <form
      action={PATH}
      method="get"
      aria-label={t("filters.form")}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto] lg:items-end"
    >
      <SelectField
        label={t("filters.kind")}
        name="kind"
        options={kindOptions}
        placeholder={t("filters.allKinds")}
        defaultValue={kind ?? ""}
      />
      <TextField label={t("filters.from")} name="from" type="date" defaultValue={from ?? ""} />
      <TextField label={t("filters.to")} name="to" type="date" defaultValue={to ?? ""} />
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-1">
        <button type="submit" className={buttonClasses("primary")}>
          {t("filters.apply")}
        </button>
        {(kind || from || to) && (
          <Link href={`${PATH}${paymentFilterQuery({})}`} className={buttonClasses("secondary")}>
            {t("filters.clear")}
          </Link>
        )}
      </div>
    </form>
  );
}
