import { getTranslations } from "next-intl/server";
import { AudienceFrame } from "@/components/layout/audience-frame";
import { SignedOutLinks } from "@/components/layout/header-link";
import { NavLinks } from "@/components/layout/nav-links";
import { ADMIN_LINKS, driverLinks } from "@/components/layout/driver-links";
import { titleFrom } from "@/components/layout/page-title";
import { DeadEndNotice } from "@/components/ui/dead-end-page";
import { isStaff } from "@/lib/core/auth/roles";
import { getViewer } from "@/lib/core/auth/viewer";
import { ledgerOffered } from "@/lib/features/payments";

export const generateMetadata = titleFrom("pageNotFound.title");

/**
 * Every address no page answers, signed in or not (404): the portal's frame for whoever is looking, in their
 * language, and the way back to where they belong.
 */
export default async function NotFound() {
  const [viewer, t, tLayout] = await Promise.all([
    getViewer(),
    getTranslations("pageNotFound"),
    getTranslations("layout"),
  ]);
  const staff = viewer !== null && isStaff(viewer.role) && viewer.platformUserId === null;
  const header = !viewer ? (
    <SignedOutLinks />
  ) : staff ? (
    <NavLinks label={tLayout("nav.admin")} links={ADMIN_LINKS.filter((l) => !l.adminOnly || viewer.role === "admin")} />
  ) : (
    <NavLinks label={tLayout("nav.driver")} links={driverLinks(ledgerOffered())} />
  );
  const back = !viewer
    ? { href: "/", label: t("backHome") }
    : staff
      ? { href: "/admin", label: t("backStaff") }
      : { href: "/account", label: t("backAccount") };
  return (
    <AudienceFrame audience={viewer ? "driver" : "public"} header={header} accountEmail={viewer?.email}>
      <DeadEndNotice title={t("title")} text={t("text")} back={back} />
    </AudienceFrame>
  );
}
