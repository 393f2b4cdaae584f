import { getLocale, getTranslations } from "next-intl/server";
import { requireStaffPage } from "@/lib/core/auth/guards";
import { listStaff, listStaffInvites } from "@/lib/features/admin/roles";
import { formatDateTime } from "@/lib/core/format";
import { Card } from "@/components/ui/card";
import { GrantRoleForm, PendingInvites, StaffList } from "@/components/admin/staff-roles";
import { titleFrom } from "@/components/layout/page-title";
import { HeadedSection } from "@/components/ui/headed-section";

export const generateMetadata = titleFrom("admin.staff.title");

/** Admins only: support staff get a 404 here, like drivers anywhere in /admin. */
export default async function StaffRolesPage() {
  const viewer = await requireStaffPage("admin");
  const t = await getTranslations("admin");
  const locale = await getLocale();
  const [staff, invites] = await Promise.all([listStaff(), listStaffInvites()]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t("staff.title")}</h1>
      <Card title={t("staff.grantCard")}>
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{t("staff.intro")}</p>
        <GrantRoleForm />
      </Card>
      <HeadedSection headingId="staff-heading" heading={t("staff.staffHeading", { count: String(staff.length) })}>
        <StaffList
          staff={staff.map(({ email, name, role, bootstrapAdmin }) => ({ email, name, role, bootstrapAdmin }))}
          viewerEmail={viewer.email}
        />
      </HeadedSection>
      <HeadedSection headingId="invites-heading" heading={t("staff.invitesHeading", { count: String(invites.length) })}>
        <PendingInvites
          invites={invites.map(({ email, role, invitedByEmail, createdAt }) => ({
            email,
            role,
            invitedByEmail,
            invitedOn: formatDateTime(createdAt, locale),
          }))}
        />
      </HeadedSection>
    </div>
  );
}
