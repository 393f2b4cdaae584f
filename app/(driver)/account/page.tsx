import type { Metadata } from "next";
import { requireDriverPage } from "@/lib/auth/guards";
import { getPlatform } from "@/lib/platform";
import { formatMoney } from "@/lib/format";
import { Card } from "@/components/ui/card";
import { Alert } from "@/components/ui/alert";
import { platformErrorMessage } from "@/lib/platform-errors-to-messages";
import { countryName } from "@/lib/countries";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const viewer = await requireDriverPage();
  let user;
  try {
    user = await getPlatform().users.getUser(viewer.platformUserId);
  } catch (error) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold">Account</h1>
        <Alert tone="error" title="Your account could not be loaded">
          {platformErrorMessage(error, "load your account")}
        </Alert>
      </div>
    );
  }
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{name ? `Hello, ${user.firstName ?? name}` : "Account"}</h1>
      <div className="grid gap-4 md:grid-cols-2">
        <Card title="Balance">
          {user.currency ? (
            <p className="text-3xl font-bold" data-testid="balance">
              {formatMoney(user.balance ?? 0, user.currency)}
            </p>
          ) : (
            <p data-testid="balance">
              <span className="text-3xl font-bold">{formatMoney(user.balance ?? 0, null)}</span>
              <span className="block text-sm text-slate-600 dark:text-slate-400">No transactions yet: your currency is set with your first charge or voucher.</span>
            </p>
          )}
        </Card>
        <Card title="Profile">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold">Name</dt>
            <dd>{name || "—"}</dd>
            <dt className="font-semibold">E-mail</dt>
            <dd>{user.email}</dd>
            <dt className="font-semibold">Phone</dt>
            <dd>{user.phone ?? "—"}</dd>
            <dt className="font-semibold">Address</dt>
            <dd>{[user.address, [user.postCode, user.city].filter(Boolean).join(" "), user.country ? countryName(user.country) : null].filter(Boolean).join(", ") || "—"}</dd>
          </dl>
        </Card>
      </div>
    </div>
  );
}
