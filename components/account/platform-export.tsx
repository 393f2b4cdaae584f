import { getTranslations } from "next-intl/server";
import { PlatformExportClient, type PlatformExportAction } from "./platform-export-client";

/**
 * The charging service's own export of the driver's data (PlatformExportClient), with its words in
 * the page's language.
 */
export async function PlatformExport({ action }: { action: PlatformExportAction }) {
  const t = await getTranslations("myData.platformExport");
  return (
    <PlatformExportClient
      action={action}
      words={{
        intro: t("intro"),
        ask: t("ask"),
        askAgain: t("askAgain"),
        asking: t("asking"),
        download: t("download"),
      }}
    />
  );
}
