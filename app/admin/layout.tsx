import { getTranslations } from "next-intl/server";
import { AudienceFrame } from "@/components/layout/audience-frame";
import { NavLinks } from "@/components/layout/nav-links";
import { ADMIN_LINKS } from "@/components/layout/driver-links";
import { lacksStaffPasskey, requireStaffPage, STAFF_SECURITY_PATH } from "@/lib/core/auth/guards";

/** Staff roles only; the passkey rule is the next layer, (console)/layout.tsx. Every page and action checks again. */
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const viewer = await requireStaffPage("support", { passkey: "optional" });
  const t = await getTranslations("admin");
  const tLayout = await getTranslations("layout");
  // Without a passkey session only the security page opens, so only it is offered.
  const links = lacksStaffPasskey(viewer)
    ? ADMIN_LINKS.filter((link) => link.href === STAFF_SECURITY_PATH)
    : ADMIN_LINKS.filter((link) => !link.adminOnly || viewer.role === "admin");
  const header = (
    <>
      <NavLinks label={tLayout("nav.admin")} links={links} />
      <span className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:border-slate-600 dark:text-slate-200">
        {t(`role.${viewer.role}`)}
      </span>
    </>
  );
  return (
    <AudienceFrame audience="admin" header={header} accountEmail={viewer.email}>
      {children}
    </AudienceFrame>
  );
}
