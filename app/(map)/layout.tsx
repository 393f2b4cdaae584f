import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ClientWords } from "@/components/layout/client-words";
import { SiteHeader } from "@/components/layout/site-header";
import { NavLinks } from "@/components/layout/nav-links";
import { AccountMenu } from "@/components/layout/account-menu";
import { ADMIN_LINKS, DRIVER_LINKS } from "@/components/layout/driver-links";
import { getViewer } from "@/lib/core/auth/viewer";
import { isStaff } from "@/lib/core/auth/roles";
import { canViewMap } from "@/lib/features/map/access";

/**
 * The map has its own group because it is the one page that MAP_PUBLIC may open to signed-out
 * visitors: drivers see the driver navigation, staff the admin one, visitors the public one.
 */
export default async function MapLayout({ children }: { children: React.ReactNode }) {
  if (!(await canViewMap())) redirect("/signin?callbackUrl=%2Fmap");
  const viewer = await getViewer();
  const t = await getTranslations("layout.nav");
  const tAuth = await getTranslations("auth");
  const staffOnly = viewer !== null && isStaff(viewer.role) && viewer.platformUserId === null;
  return (
    <>
      <SiteHeader>
        {viewer ? (
          <>
            <NavLinks label={staffOnly ? t("admin") : t("driver")} links={staffOnly ? ADMIN_LINKS : DRIVER_LINKS} />
            <AccountMenu email={viewer.email} />
          </>
        ) : (
          <Link
            href="/signin?callbackUrl=%2Fmap"
            className="rounded-md px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            {tAuth("signIn")}
          </Link>
        )}
      </SiteHeader>
      <main id="main" className="mx-auto max-w-6xl px-4 py-6">
        <ClientWords audience="map">{children}</ClientWords>
      </main>
    </>
  );
}
