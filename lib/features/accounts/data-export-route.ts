import "server-only";
import { streamedDownload } from "@/lib/core/route-handlers/download";
import type { DriverViewer } from "@/lib/core/auth/guards";
import { getDb } from "@/lib/core/db/client";
import { zipChunks } from "@/lib/core/route-handlers/zip";
import { countedItems, openDownloadJob } from "@/lib/core/route-handlers/download-job";
import { APP_TIME_ZONE } from "@/lib/core/format";
import { requestTranslator } from "@/lib/core/auth/request-translator";
import { logger } from "@/lib/core/log";
import { getPlatform } from "@/lib/platform";
import { DRIVER_ACCOUNT_GONE } from "@/lib/core/route-handlers/access";
import { routeHandler, type RouteHandler } from "@/lib/core/route-handlers/route-handler";
import { zonedDate } from "@/lib/core/zoned-time";
import { dataExportFilename, readDriverData, type DataExportDeps } from "./data-export";
import { dataExportArchive } from "./data-export-archive";

function defaultDataExportDeps(): DataExportDeps {
  return { platform: getPlatform(), getDb, now: () => new Date() };
}

/**
 * GET /api/account/data-export: the signed-in driver's data as a ZIP of JSON files, streamed. Built
 * from its dependencies so integration tests run it against the emulator and a test database.
 */
export function createDataExportHandler(deps: {
  authorize: () => Promise<DriverViewer>;
  exportDeps?: () => DataExportDeps;
}): RouteHandler {
  return routeHandler({
    scope: "accounts",
    words: { doing: "myData.doing.prepare", notFound: DRIVER_ACCOUNT_GONE },
    access: deps.authorize,
    async run({ request, actor }) {
      const exportDeps = (deps.exportDeps ?? defaultDataExportDeps)();
      // Followed by the page (`?progress=`): files written so far, and a cancel that stops the platform reads.
      const job = await openDownloadJob(request, actor, "my-data");
      const t = await requestTranslator();
      const entries = await job.run(async () => dataExportArchive(await readDriverData(actor, exportDeps), t));
      const filename = dataExportFilename(zonedDate(exportDeps.now(), APP_TIME_ZONE));
      return streamedDownload(
        job.stream(zipChunks(countedItems(entries, job, "files"))),
        { contentType: "application/zip", filename },
        (error) => logger("accounts").error("streaming the data export failed", error),
      );
    },
  });
}
