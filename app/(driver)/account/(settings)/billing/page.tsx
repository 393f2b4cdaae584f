import { getTranslations } from "next-intl/server";
import { BillingDetailsSection } from "@/components/billing/billing-details-section";
import { titleFrom } from "@/components/layout/page-title";
import { Card } from "@/components/ui/card";
import { TextLink } from "@/components/ui/text-link";
import { requireDriverPage } from "@/lib/core/auth/guards";
import { loadDriverBillingDetailsView } from "@/lib/features/billing";
import { saveBillingDetailsAction } from "@/lib/features/billing/actions/save-billing-details";

export const generateMetadata = titleFrom("billing.title");

/**
 * Who the driver's charging is invoiced to, the country starting from the profile's until one is saved; on the
 * contract's platform, why there is nothing to fill in (no call).
 */
export default async function BillingDetailsPage() {
  const viewer = await requireDriverPage();
  const [view, t] = await Promise.all([
    loadDriverBillingDetailsView(viewer.platformUserId),
    getTranslations("billing"),
  ]);
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <p className="text-sm">
          <TextLink href="/account">{t("back")}</TextLink>
        </p>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
      </div>
      <Card>
        <BillingDetailsSection
          view={view}
          action={saveBillingDetailsAction}
          audience="driver"
          retryHref="/account/billing"
        />
      </Card>
    </div>
  );
}
