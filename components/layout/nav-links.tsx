import { getTranslations } from "next-intl/server";
import type { NavLink } from "./driver-links";
import { NavList } from "./nav-list";

/**
 * Primary navigation: the sections' words are translated here, on the server, and the list (which
 * marks the current section with aria-current for screen readers) gets them ready to show.
 * `label` is the navigation's accessible name, already translated (layout.nav.*); the links'
 * words are under layout.links.
 */
export async function NavLinks({ links, label }: { links: NavLink[]; label: string }) {
  const t = await getTranslations("layout");
  return (
    <NavList label={label} links={links.map((link) => ({ href: link.href, label: t(`links.${link.labelKey}`) }))} />
  );
}
