import { getTranslations } from "next-intl/server";
import { AudienceFrame } from "@/components/layout/audience-frame";
import { NavLinks } from "@/components/layout/nav-links";
import { requireDriverPage } from "@/lib/core/auth/guards";
import { driverLinks } from "@/components/layout/driver-links";
import { ledgerOffered } from "@/lib/features/payments";

/** Driver area: signed-in drivers with a linked platform account only (pages check again). */
export default async function DriverLayout({ children }: { children: React.ReactNode }) {
  const viewer = await requireDriverPage();
  const t = await getTranslations("layout.nav");
  const nav = <NavLinks label={t("driver")} links={driverLinks(ledgerOffered())} />;
  return (
    <AudienceFrame audience="driver" header={nav} accountEmail={viewer.email}>
      {children}
    </AudienceFrame>
  );
}
