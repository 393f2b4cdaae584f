import { getTranslations } from "next-intl/server";
import { DeletionBanner } from "@/components/accounts/deletion-banner";
import { AudienceFrame } from "@/components/layout/audience-frame";
import { NavLinks } from "@/components/layout/nav-links";
import { requireDriverPage } from "@/lib/core/auth/guards";
import { driverLinks } from "@/components/layout/driver-links";
import { openDeletionRequestOf } from "@/lib/features/accounts/deletion";
import { ledgerOffered } from "@/lib/features/payments";

/** Driver area: signed-in drivers with a linked platform account only (pages check again). */
export default async function DriverLayout({ children }: { children: React.ReactNode }) {
  const viewer = await requireDriverPage();
  const [t, deletion] = await Promise.all([getTranslations("layout.nav"), openDeletionRequestOf(viewer.userId)]);
  const nav = <NavLinks label={t("driver")} links={driverLinks(ledgerOffered())} />;
  return (
    <AudienceFrame audience="driver" header={nav} accountEmail={viewer.email}>
      {deletion && <DeletionBanner dueAt={deletion.dueAt} />}
      {children}
    </AudienceFrame>
  );
}
