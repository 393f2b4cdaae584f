import { getTranslations } from "next-intl/server";
import { ClientWords } from "@/components/layout/client-words";
import { SiteHeader } from "@/components/layout/site-header";
import { NavLinks } from "@/components/layout/nav-links";
import { AccountMenu } from "@/components/layout/account-menu";
import { requireDriverPage } from "@/lib/core/auth/guards";
import { DRIVER_LINKS } from "@/components/layout/driver-links";

/** Driver area: signed-in drivers with a linked platform account only (pages check again). */
export default async function DriverLayout({ children }: { children: React.ReactNode }) {
  const viewer = await requireDriverPage();
  const t = await getTranslations("layout.nav");
  return (
    <>
      <SiteHeader>
        <NavLinks label={t("driver")} links={DRIVER_LINKS} />
        <AccountMenu email={viewer.email} />
      </SiteHeader>
      <main id="main" className="mx-auto max-w-6xl px-4 py-6">
        <ClientWords audience="driver">{children}</ClientWords>
      </main>
    </>
  );
}
