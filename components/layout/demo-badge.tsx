import { getTranslations } from "next-intl/server";

/** A decorative dot before the words (hidden from screen readers). */
const DOT = "●";

/** Which parts of the demo run on built-in emulators. */
export type DemoParts = "platform" | "map" | "both";

/** Always visible in demo mode, so nobody mistakes emulator data for real data. */
export async function DemoBadge({ parts }: { parts: DemoParts }) {
  const t = await getTranslations("demo");
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full border border-amber-400 bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100"
      title={t("title", { parts })}
    >
      <span aria-hidden="true">{DOT}</span> {t("badge")}
      <span className="sr-only">: {t("details", { parts })}</span>
    </span>
  );
}
