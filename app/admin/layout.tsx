import { getTranslations } from "next-intl/server";
import { ClientWords } from "@/components/layout/client-words";
import { SiteHeader } from "@/components/layout/site-header";
import { NavLinks } from "@/components/layout/nav-links";
import { AccountMenu } from "@/components/layout/account-menu";
import { ADMIN_LINKS } from "@/components/layout/driver-links";
import { lacksStaffPasskey, requireStaffPage, STAFF_SECURITY_PATH } from "@/lib/core/auth/guards";

/**
 * Support staff area: staff roles only. The passkey rule (STAFF_REQUIRE_PASSKEY) is the next layer,
 * (console)/layout.tsx, which holds every staff page but /admin/security, where a passkey is enrolled.
 * Every page and action checks again on its own.
 */
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const viewer = await requireStaffPage("support", { passkey: "optional" });
  const t = await getTranslations("admin");
  const tLayout = await getTranslations("layout");
  // Without a passkey session only the security page opens, so only it is offered.
  const links = lacksStaffPasskey(viewer)
    ? ADMIN_LINKS.filter((link) => link.href === STAFF_SECURITY_PATH)
    : ADMIN_LINKS.filter((link) => !link.adminOnly || viewer.role === "admin");
  return (
    <>
      <SiteHeader>
        <NavLinks label={tLayout("nav.admin")} links={links} />
        <span className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:border-slate-600 dark:text-slate-200">
          {t(`role.${viewer.role}`)}
        </span>
        <AccountMenu email={viewer.email} />
      </SiteHeader>
      <main id="main" className="mx-auto max-w-6xl px-4 py-6">
        <ClientWords audience="admin">{children}</ClientWords>
      </main>
    </>
  );
}
