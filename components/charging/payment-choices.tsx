import { getLocale, getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import { inlineLink } from "@/components/ui/rich-text";
import { formatMoney } from "@/lib/core/format";
import { requestTranslator } from "@/lib/core/auth/request-translator";
import { paymentMethodName, type PaymentChoice, type PaymentChoicesView } from "@/lib/features/charging";

/** How a signed-in driver would pay here: read from the platform; adding or changing a card stays in the app. */
export async function PaymentChoices({ view }: { view: PaymentChoicesView }) {
  const [t, locale] = await Promise.all([getTranslations("charging.payment"), getLocale()]);
  if (view.status === "error")
    return (
      <Card title={t("heading")}>
        <p role="status">{t("unavailable")}</p>
      </Card>
    );
  const usable = view.methods.filter((method) => !method.expired);
  return (
    <Card title={t("heading")}>
      {view.balance === null && usable.length === 0 ? (
        <p>{t.rich("none", { vouchers: inlineLink("/vouchers") })}</p>
      ) : null}
      <ul className="space-y-1">
        {view.balance && (
          <li>{t("balance", { amount: formatMoney(view.balance.amount, view.balance.currency, locale) })}</li>
        )}
        {view.methods.map((method, index) => (
          <li key={index} className={method.expired ? "text-slate-600 dark:text-slate-400" : undefined}>
            <MethodLine method={method} />
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("inApp")}</p>
    </Card>
  );
}

async function MethodLine({ method }: { method: PaymentChoice }) {
  const t = await getTranslations("charging.payment");
  const name = paymentMethodName(await requestTranslator(), method);
  const expiry = method.expires && {
    month: String(method.expires.month).padStart(2, "0"),
    year: method.expires.year,
  };
  const details = [
    method.isDefault ? t("default") : null,
    expiry ? (method.expired ? t("expired", expiry) : t("expires", expiry)) : null,
  ].filter(Boolean);
  return <>{details.length > 0 ? `${name} (${details.join(", ")})` : name}</>;
}
