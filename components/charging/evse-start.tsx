import { getLocale, getTranslations } from "next-intl/server";
import { priceLineTexts } from "@/components/charging/charge-point-details";
import { StartForm, type PaymentOption } from "@/components/charging/start-form";
import { inlineLink } from "@/components/ui/rich-text";
import { formatMoney } from "@/lib/core/format";
import { requestTranslator } from "@/lib/core/auth/request-translator";
import { paymentMethodName, type EvseView, type PaymentChoicesView } from "@/lib/features/charging";
import { startChargingAction } from "@/lib/features/charging/actions/start-charging";
import { BALANCE_CHOICE } from "@/lib/features/charging/shared";

/** Whether a spot has anything under its price: not where the price says it is not open to the driver or is unknown. */
export function offersStart(evse: EvseView): boolean {
  return evse.price.kind !== "notAllowed" && evse.price.kind !== "unavailable";
}

/**
 * Under a spot: the start form for a signed-in driver with a way to pay, or what stands in the way (the spot is in use,
 * sign in first, no way to pay). Nothing where the price says the spot is not open to the driver or is unknown.
 */
export async function EvseStart({
  evse,
  payment,
  signInHref,
}: {
  evse: EvseView;
  /** Null: signed out. */
  payment: PaymentChoicesView | null;
  signInHref: string;
}) {
  const [t, translator, locale] = await Promise.all([
    getTranslations("charging.start"),
    requestTranslator(),
    getLocale(),
  ]);
  if (!offersStart(evse)) return null;
  if (evse.status !== "available") return <p>{t("notFree")}</p>;
  if (payment === null) return <p>{t.rich("signIn", { signin: inlineLink(signInHref) })}</p>;
  if (payment.status === "error") return <p role="status">{t("paymentUnavailable")}</p>;

  const options: PaymentOption[] = [];
  if (payment.balance)
    options.push({
      value: BALANCE_CHOICE,
      label: t("balance", { amount: formatMoney(payment.balance.amount, payment.balance.currency, locale) }),
    });
  const usable = payment.methods.filter((method) => !method.expired);
  for (const method of usable) options.push({ value: method.id, label: paymentMethodName(translator, method) });
  if (options.length === 0) return <p>{t("noPayment")}</p>;
  const preselected = usable.find((method) => method.isDefault)?.id ?? options[0]!.value;
  const lines = evse.price.kind === "prices" ? await priceLineTexts(evse.price.prices, evse.price.currency) : [];
  // The price once more, in the question before the start is sent.
  const confirm =
    evse.price.kind === "notItemised"
      ? t("confirmInApp")
      : lines.length === 0
        ? t("confirmFree")
        : t("confirm", { price: lines.join("; ") });

  return (
    <section aria-label={t("heading")} className="space-y-2">
      <h3 className="text-base font-semibold">{t("heading")}</h3>
      <p className="text-sm">{t("plugIn")}</p>
      <StartForm
        action={startChargingAction}
        evseId={evse.id}
        options={options}
        preselected={preselected}
        words={{
          payWith: t("payWith"),
          submit: t("submit"),
          starting: t("starting"),
          confirm,
          confirmSubmit: t("confirmSubmit"),
        }}
      />
    </section>
  );
}
