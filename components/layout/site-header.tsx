import Link from "next/link";
import { connection } from "next/server";
import { getConfig } from "@/lib/config";
import { DemoBadge } from "./demo-badge";

export async function SiteHeader({ children }: { children?: React.ReactNode }) {
  // The demo flag comes from the runtime environment, never from build time.
  await connection();
  const config = getConfig();
  const demoParts = [config.platform.embedded && "charging platform", config.map.embedded && "map data"].filter(
    (p): p is string => Boolean(p),
  );
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Link href="/" className="flex items-center gap-2 text-lg font-bold text-brand-700 dark:text-brand-100">
          <span aria-hidden="true">⚡</span> Driver Portal
        </Link>
        {demoParts.length > 0 && <DemoBadge parts={demoParts} />}
        <div className="ml-auto flex flex-wrap items-center gap-3">{children}</div>
      </div>
    </header>
  );
}
