import type { Metadata } from "next";
import { requireStaffPage } from "@/lib/auth/guards";
import { listStaff, listStaffInvites } from "@/lib/admin/roles";
import { formatDateTime } from "@/lib/format";
import { Card } from "@/components/ui/card";
import { GrantRoleForm, PendingInvites, StaffList } from "@/components/admin/staff-roles";

export const metadata: Metadata = { title: "Staff roles" };

/** Admins only: support staff get a 404 here, like drivers anywhere in /admin. */
export default async function StaffRolesPage() {
  const viewer = await requireStaffPage("admin");
  const [staff, invites] = await Promise.all([listStaff(), listStaffInvites()]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Staff roles</h1>
      <Card title="Grant a role">
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
          Support staff can find and run driver accounts; admins can also manage staff roles. An account that has signed
          in gets the role at once; any other address gets a pending invite, which only a sign-in with a link sent to
          that address redeems.
        </p>
        <GrantRoleForm />
      </Card>
      <section aria-labelledby="staff-heading" className="space-y-3">
        <h2 id="staff-heading" className="text-lg font-semibold">
          Staff ({staff.length})
        </h2>
        <StaffList
          staff={staff.map(({ email, name, role, bootstrapAdmin }) => ({ email, name, role, bootstrapAdmin }))}
          viewerEmail={viewer.email}
        />
      </section>
      <section aria-labelledby="invites-heading" className="space-y-3">
        <h2 id="invites-heading" className="text-lg font-semibold">
          Pending invites ({invites.length})
        </h2>
        <PendingInvites
          invites={invites.map(({ email, role, invitedByEmail, createdAt }) => ({
            email,
            role,
            invitedByEmail,
            invitedOn: formatDateTime(createdAt),
          }))}
        />
      </section>
    </div>
  );
}
