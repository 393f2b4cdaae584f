import { getTranslations } from "next-intl/server";
import type { NavLink } from "./driver-links";
import { NavList } from "./nav-list";

/** Primary navigation, worded on the server; the list marks the current section with aria-current. */
export async function NavLinks({ links, label }: { links: NavLink[]; label: string }) {
  const t = await getTranslations("layout");
  return (
    <NavList label={label} links={links.map((link) => ({ href: link.href, label: t(`links.${link.labelKey}`) }))} />
  );
}
