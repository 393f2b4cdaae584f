import { getTranslations } from "next-intl/server";
import { PasskeyManager } from "@/components/passkeys/passkey-manager";
import { PasskeySignIn } from "@/components/passkeys/passkey-sign-in";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { lacksStaffPasskey, requireStaffPage } from "@/lib/core/auth/guards";
import { removePasskeyAction } from "@/lib/features/passkeys/actions/remove-passkey";
import { renamePasskeyAction } from "@/lib/features/passkeys/actions/rename-passkey";
import { loadPasskeyRows } from "@/lib/features/passkeys/view";
import { titleFrom } from "@/components/layout/page-title";

export const generateMetadata = titleFrom("admin.security.title");

/**
 * The one staff page an e-mail-link session reaches when STAFF_REQUIRE_PASSKEY is on: enrol a
 * passkey, then sign in with it to open the rest of /admin.
 */
export default async function StaffSecurityPage() {
  const viewer = await requireStaffPage("support", { passkey: "optional" });
  const t = await getTranslations("admin");
  const passkeys = await loadPasskeyRows(viewer.userId);
  const locked = lacksStaffPasskey(viewer);
  const enrolled = passkeys.length === 0 ? "none" : "some";
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t("security.title")}</h1>
      {locked && (
        <Alert tone="warning" title={t("security.lockedTitle")}>
          {t("security.locked", { passkeys: enrolled })}
        </Alert>
      )}
      <Card title={t("security.yourPasskeys")}>
        <PasskeyManager passkeys={passkeys} renameAction={renamePasskeyAction} removeAction={removePasskeyAction} />
      </Card>
      {locked && passkeys.length > 0 && (
        <Card title={t("security.signIn")}>
          <PasskeySignIn callbackUrl="/admin" label={t("security.signIn")} />
        </Card>
      )}
    </div>
  );
}
