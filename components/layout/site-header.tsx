import Link from "next/link";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { PORTAL_NAME } from "@/lib/core/brand";
import { getConfig } from "@/lib/core/config";
import { DemoBadge, type DemoParts } from "./demo-badge";
import { LanguageSwitcher } from "./language-switcher";

/** The menu button's icon, before its words (hidden from screen readers). */
const MENU_ICON = "☰";

function demoParts(platform: boolean, map: boolean): DemoParts | null {
  if (platform && map) return "both";
  if (platform) return "platform";
  if (map) return "map";
  return null;
}

/**
 * One row: the brand, the demo badge, and the menu (what the area offers, the language, the account). Below `xl` the
 * menu folds behind a Menu button, a <details> that needs no script; from `xl` up it is always open (globals.css).
 */
export async function SiteHeader({ children, account }: { children?: React.ReactNode; account?: React.ReactNode }) {
  // The demo flag comes from the runtime environment, never from build time.
  await connection();
  const config = getConfig();
  const parts = demoParts(config.platform.embedded, config.map.embedded);
  const t = await getTranslations("layout");
  return (
    <header className="relative border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-2.5 sm:gap-x-3">
        <Link
          href="/"
          className="flex items-center gap-2 text-base font-bold whitespace-nowrap sm:text-lg text-brand-700 dark:text-brand-100"
        >
          <span aria-hidden="true">⚡</span> {PORTAL_NAME}
        </Link>
        {parts && <DemoBadge parts={parts} />}
        <details className="site-menu ml-auto">
          <summary>
            <span aria-hidden="true">{MENU_ICON}</span>
            {/* A phone shows the icon alone, so the brand, the demo badge and the button fit one row at 360 px. */}
            <span className="sr-only sm:not-sr-only">{t("menu")}</span>
          </summary>
          <div className="site-menu-panel">
            {children}
            <LanguageSwitcher />
            {account}
          </div>
        </details>
      </div>
    </header>
  );
}
