import { getTranslations } from "next-intl/server";
import { AudienceFrame } from "./audience-frame";
import type { Audience } from "./client-namespaces";
import { SignedOutLinks } from "./header-link";
import { NavLinks } from "./nav-links";
import { ADMIN_LINKS, driverLinks } from "./driver-links";
import { ledgerOffered } from "@/lib/features/payments";
import { getViewer } from "@/lib/core/auth/viewer";
import { isStaff } from "@/lib/core/auth/roles";

/**
 * The frame of a page open to signed-out visitors (the map, a charge point's page): drivers see the driver navigation,
 * staff the admin one, visitors the public one, whose sign-in link comes back to `returnTo`.
 */
export async function OpenFrame({
  audience,
  returnTo,
  children,
}: {
  audience: Audience;
  returnTo: string;
  children: React.ReactNode;
}) {
  const viewer = await getViewer();
  const t = await getTranslations("layout.nav");
  const staffOnly = viewer !== null && isStaff(viewer.role) && viewer.platformUserId === null;
  const header = viewer ? (
    <NavLinks
      label={staffOnly ? t("admin") : t("driver")}
      links={staffOnly ? ADMIN_LINKS : driverLinks(ledgerOffered())}
    />
  ) : (
    <SignedOutLinks signInHref={`/signin?callbackUrl=${encodeURIComponent(returnTo)}`} />
  );
  return (
    <AudienceFrame audience={audience} header={header} accountEmail={viewer?.email}>
      {children}
    </AudienceFrame>
  );
}
