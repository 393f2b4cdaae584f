import type { Metadata } from "next";
import { DeletionRequestList } from "@/components/admin/deletion-requests";
import { openDeletionRequestRows } from "@/lib/accounts/deletion";
import { carryOutDeletionAction, declineDeletionAction } from "@/lib/admin/actions/deletion";
import { requireStaffPage } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Deletion requests" };

/** Drivers' open account deletion requests: carried out once the grace period is over, or declined. */
export default async function DeletionRequestsPage() {
  await requireStaffPage();
  const requests = await openDeletionRequestRows();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Deletion requests ({requests.length})</h1>
      <p className="text-slate-700 dark:text-slate-300">
        Carrying one out blocks every card of the driver (and disables the user on the real platform) and deletes the
        portal account with its sign-ins. Both steps are in the audit log.
      </p>
      <DeletionRequestList
        requests={requests}
        carryOutAction={carryOutDeletionAction}
        declineAction={declineDeletionAction}
      />
    </div>
  );
}
