import type { Metadata } from "next";
import { toBalanceView } from "@/lib/accounts/balance-view";
import { LoadError } from "@/components/ui/load-error";
import { VoucherForm } from "@/components/vouchers/voucher-form";
import { requireDriverPage } from "@/lib/auth/guards";
import { getPlatform } from "@/lib/platform";
import { platformErrorMessage } from "@/lib/platform-errors-to-messages";
import { redeemVoucherAction } from "@/lib/vouchers/redeem-action";

export const metadata: Metadata = { title: "Vouchers" };

export default async function VouchersPage() {
  const viewer = await requireDriverPage();
  let user;
  try {
    user = await getPlatform().users.getUser(viewer.platformUserId);
  } catch (error) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold">Vouchers</h1>
        <LoadError
          title="Your balance could not be loaded"
          message={platformErrorMessage(error, "load your balance")}
          retryHref="/vouchers"
        />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Vouchers</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Got a voucher code? Redeem it here and the credit is added to your balance.
        </p>
      </div>
      <VoucherForm action={redeemVoucherAction} initialBalance={toBalanceView(user)} />
    </div>
  );
}
