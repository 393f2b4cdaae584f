import type { Metadata } from "next";
import { requireStaffPage } from "@/lib/auth/guards";
import { listStaff } from "@/lib/admin/roles";
import { Card } from "@/components/ui/card";
import { GrantRoleForm, StaffList } from "@/components/admin/staff-roles";

export const metadata: Metadata = { title: "Staff roles" };

/** Admins only: support staff get a 404 here, like drivers anywhere in /admin. */
export default async function StaffRolesPage() {
  const viewer = await requireStaffPage("admin");
  const staff = await listStaff();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Staff roles</h1>
      <Card title="Grant a role">
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
          Support staff can find and run driver accounts; admins can also manage staff roles. An address without a portal account gets one and can then sign in by e-mail link.
        </p>
        <GrantRoleForm />
      </Card>
      <section aria-labelledby="staff-heading" className="space-y-3">
        <h2 id="staff-heading" className="text-lg font-semibold">
          Staff ({staff.length})
        </h2>
        <StaffList staff={staff.map(({ email, name, role, bootstrapAdmin }) => ({ email, name, role, bootstrapAdmin }))} viewerEmail={viewer.email} />
      </section>
    </div>
  );
}
