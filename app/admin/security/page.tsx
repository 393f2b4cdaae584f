import type { Metadata } from "next";
import { PasskeyManager } from "@/components/passkeys/passkey-manager";
import { PasskeySignIn } from "@/components/passkeys/passkey-sign-in";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { lacksStaffPasskey, requireStaffPage } from "@/lib/auth/guards";
import { removePasskeyAction, renamePasskeyAction } from "@/lib/auth/passkeys/actions";
import { loadPasskeyRows } from "@/lib/auth/passkeys/view";

export const metadata: Metadata = { title: "Security" };

/**
 * The one staff page an e-mail-link session reaches when STAFF_REQUIRE_PASSKEY is on: enrol a
 * passkey, then sign in with it to open the rest of /admin.
 */
export default async function StaffSecurityPage() {
  const viewer = await requireStaffPage("support", { passkey: "optional" });
  const passkeys = await loadPasskeyRows(viewer.userId);
  const locked = lacksStaffPasskey(viewer);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Security</h1>
      {locked && (
        <Alert tone="warning" title="Staff pages need a passkey sign-in">
          You signed in with an e-mail link. Whoever can read a staff mailbox could do the same, so the staff pages open
          only after a sign-in with a passkey.{" "}
          {passkeys.length === 0
            ? "Add a passkey below, then sign in with it."
            : "Sign in with your passkey below. Lost it? Ask an admin to reset your passkeys."}
        </Alert>
      )}
      <Card title="Your passkeys">
        <PasskeyManager passkeys={passkeys} renameAction={renamePasskeyAction} removeAction={removePasskeyAction} />
      </Card>
      {locked && passkeys.length > 0 && (
        <Card title="Sign in with your passkey">
          <PasskeySignIn callbackUrl="/admin" label="Sign in with your passkey" />
        </Card>
      )}
    </div>
  );
}
