import Link from "next/link";
import { connection } from "next/server";
import { PORTAL_NAME } from "@/lib/core/brand";
import { getConfig } from "@/lib/core/config";
import { DemoBadge, type DemoParts } from "./demo-badge";
import { LanguageSwitcher } from "./language-switcher";

function demoParts(platform: boolean, map: boolean): DemoParts | null {
  if (platform && map) return "both";
  if (platform) return "platform";
  if (map) return "map";
  return null;
}

export async function SiteHeader({ children }: { children?: React.ReactNode }) {
  // The demo flag comes from the runtime environment, never from build time.
  await connection();
  const config = getConfig();
  const parts = demoParts(config.platform.embedded, config.map.embedded);
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Link href="/" className="flex items-center gap-2 text-lg font-bold text-brand-700 dark:text-brand-100">
          <span aria-hidden="true">⚡</span> {PORTAL_NAME}
        </Link>
        {parts && <DemoBadge parts={parts} />}
        <div className="ml-auto flex flex-wrap items-center gap-3">
          <LanguageSwitcher />
          {children}
        </div>
      </div>
    </header>
  );
}
