"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

// aria-current's token, not text (a constant, so the no-literal-text lint does not take it for words).
const CURRENT_PAGE = "page";

const LAYOUTS = {
  // The header's: a column in the phone's menu, a row from xl.
  header: { nav: "w-full xl:w-auto", list: "flex flex-col gap-1 xl:flex-row xl:gap-0" },
  // A page's own section menu (account settings): a column beside or below the page.
  side: { nav: "w-full", list: "flex flex-col gap-1" },
} as const;

/** The links of a navigation bar, already in the page's language; the current one marked with aria-current. */
export function NavList({
  links,
  label,
  layout = "header",
}: {
  /** `exact`: current only on that very page, not on the pages below it (a section menu's overview). */
  links: { href: string; label: string; exact?: boolean }[];
  label: string;
  layout?: keyof typeof LAYOUTS;
}) {
  const pathname = usePathname();
  const navRef = useRef<HTMLElement>(null);
  // A phone's header menu (a <details>) folds again once a link has taken the visitor to another page.
  useEffect(() => navRef.current?.closest("details")?.removeAttribute("open"), [pathname]);
  // The longest link that contains the page is the current one: /account/payments is not also /account.
  const matches = (link: { href: string; exact?: boolean }) =>
    pathname === link.href || (!link.exact && pathname.startsWith(`${link.href}/`));
  const currentHref = links
    .filter(matches)
    .map((link) => link.href)
    .sort((a, b) => b.length - a.length)[0];
  return (
    <nav ref={navRef} aria-label={label} className={LAYOUTS[layout].nav}>
      <ul className={LAYOUTS[layout].list}>
        {links.map((link) => {
          const current = link.href === currentHref;
          return (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={current ? CURRENT_PAGE : undefined}
                className="block rounded-md px-2 py-1.5 text-sm font-medium whitespace-nowrap hover:bg-slate-100 aria-[current=page]:bg-brand-100 aria-[current=page]:text-brand-800 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-brand-800 dark:aria-[current=page]:text-white"
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
