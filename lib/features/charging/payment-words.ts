import type { Translator } from "@/lib/core/i18n/translator";
import type { PaymentMethod } from "@/lib/platform/types";
import { ISSUER_NAMES } from "./shared";

/** A way to pay as the driver knows it, on the page and on a receipt: "Visa **** 4242", "Card **** 1234", its name. */
export function paymentMethodName(t: Translator, method: Pick<PaymentMethod, "kind" | "issuer" | "name">): string {
  if (method.kind !== "card") return t("charging.payment.other", { name: method.name });
  const issuer = method.issuer ? ISSUER_NAMES[method.issuer] : undefined;
  return issuer
    ? t("charging.payment.card", { issuer, name: method.name })
    : t("charging.payment.plainCard", { name: method.name });
}
