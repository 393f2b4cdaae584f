import { createDataExportHandler } from "@/lib/features/accounts/data-export-route";
import { signedInDriver } from "@/lib/core/route-handlers/access";

/** GET → the signed-in driver's data as a streamed ZIP of JSON files. The driver comes from the session only. */
export const GET = createDataExportHandler({ authorize: signedInDriver });
