import { getTranslations } from "next-intl/server";
import { BillingDetailsFormClient, type BillingDetailsAction } from "./billing-details-form-client";

export type { BillingDetailsAction } from "./billing-details-form-client";

/** Worded on the server, so the browser gets no catalogue. The action is a prop: the admin area reuses the form. */
export async function BillingDetailsForm({
  action,
  initial,
  personal = true,
}: {
  action: BillingDetailsAction;
  initial: Record<string, string>;
  personal?: boolean;
}) {
  const t = await getTranslations("billing.form");
  const words = {
    clientType: t("clientType"),
    individual: t("individual"),
    company: t("company"),
    individualName: t("individualName"),
    companyName: t("companyName"),
    companyTaxId: t("companyTaxId"),
    companyTaxIdHint: t("companyTaxIdHint"),
    companyRegNo: t("companyRegNo"),
    companyRegNoHint: t("companyRegNoHint"),
    address: t("address"),
    postCode: t("postCode"),
    city: t("city"),
    country: t("country"),
    countryPlaceholder: t("countryPlaceholder"),
    requireInvoice: t("requireInvoice"),
    save: t("save"),
    saving: t("saving"),
  };
  return <BillingDetailsFormClient action={action} initial={initial} words={words} personal={personal} />;
}
