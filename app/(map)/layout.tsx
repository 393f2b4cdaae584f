import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AudienceFrame } from "@/components/layout/audience-frame";
import { SignedOutLinks } from "@/components/layout/header-link";
import { NavLinks } from "@/components/layout/nav-links";
import { ADMIN_LINKS, driverLinks } from "@/components/layout/driver-links";
import { ledgerOffered } from "@/lib/features/payments";
import { getViewer } from "@/lib/core/auth/viewer";
import { isStaff } from "@/lib/core/auth/roles";
import { canViewMap } from "@/lib/features/map/access";

/**
 * The map has its own group because it is the one page open to signed-out visitors (unless MAP_PUBLIC=false):
 * drivers see the driver navigation, staff the admin one, visitors the public one.
 */
export default async function MapLayout({ children }: { children: React.ReactNode }) {
  if (!(await canViewMap())) redirect("/signin?callbackUrl=%2Fmap");
  const viewer = await getViewer();
  const t = await getTranslations("layout.nav");
  const staffOnly = viewer !== null && isStaff(viewer.role) && viewer.platformUserId === null;
  const header = viewer ? (
    <NavLinks
      label={staffOnly ? t("admin") : t("driver")}
      links={staffOnly ? ADMIN_LINKS : driverLinks(ledgerOffered())}
    />
  ) : (
    <SignedOutLinks signInHref="/signin?callbackUrl=%2Fmap" />
  );
  return (
    <AudienceFrame audience="map" header={header} accountEmail={viewer?.email}>
      {children}
    </AudienceFrame>
  );
}
