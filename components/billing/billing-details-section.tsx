import { getTranslations } from "next-intl/server";
import type { BillingDetailsView } from "@/lib/features/billing";
import { LoadError } from "@/components/ui/load-error";
import { platformErrorMessage } from "@/lib/core/platform-errors-to-messages";
import { BillingDetailsForm, type BillingDetailsAction } from "./billing-details-form";
import { BillingDetailsReadOnly } from "./billing-details-read-only";

/**
 * A billing details card's body: the form, another invoice manager's details to read, the charging service's "not here"
 * (the contract takes none), or what went wrong with a retry link. `audience` picks the words and whether the browser may autofill.
 */
export async function BillingDetailsSection({
  view,
  action,
  audience,
  retryHref,
}: {
  view: BillingDetailsView;
  action: BillingDetailsAction;
  audience: "driver" | "staff";
  retryHref: string;
}) {
  const t = await getTranslations("billing");
  if (view.status === "unsupported") {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {audience === "driver" ? t("unsupported") : t("staffUnsupported")}
      </p>
    );
  }
  if (view.status === "error") {
    const message = platformErrorMessage(await getTranslations(), view.error, "billing.doing.load");
    return <LoadError title={t("loadFailed")} message={message} retryHref={retryHref} />;
  }
  if (view.status === "readOnly") return <BillingDetailsReadOnly view={view} audience={audience} />;
  return (
    <div className="space-y-3">
      {audience === "driver" && <p className="text-sm text-slate-700 dark:text-slate-300">{t("intro")}</p>}
      <BillingDetailsForm action={action} initial={view.values} personal={audience === "driver"} />
    </div>
  );
}
