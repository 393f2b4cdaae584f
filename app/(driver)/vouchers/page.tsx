import { getLocale, getTranslations } from "next-intl/server";
import { toBalanceView } from "@/lib/features/accounts/balance-view";
import { getPlatformUser } from "@/lib/features/accounts/platform-user";
import { LoadError } from "@/components/ui/load-error";
import { VoucherForm } from "@/components/vouchers/voucher-form";
import { livePushActive } from "@/lib/features/live";
import { requireDriverPage } from "@/lib/core/auth/guards";
import { platformErrorMessage } from "@/lib/core/platform-errors-to-messages";
import { redeemVoucherAction } from "@/lib/features/vouchers/actions/redeem-voucher";
import { titleFrom } from "@/components/layout/page-title";
import { PageHeading } from "@/components/ui/page-heading";

export const generateMetadata = titleFrom("vouchers.title");

export default async function VouchersPage() {
  const viewer = await requireDriverPage();
  // `t` words this page; `translator` (whole keys) is what platformErrorMessage takes.
  const [t, translator] = await Promise.all([getTranslations("vouchers"), getTranslations()]);
  let user;
  try {
    user = await getPlatformUser(viewer.platformUserId);
  } catch (error) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <LoadError
          title={t("loadFailed")}
          message={platformErrorMessage(translator, error, "vouchers.doing.loadBalance")}
          retryHref="/vouchers"
        />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <PageHeading title={t("title")} intro={t("intro")} />
      <VoucherForm
        action={redeemVoucherAction}
        initialBalance={toBalanceView(user, await getLocale())}
        push={await livePushActive()}
      />
    </div>
  );
}
