import { signedInAccount } from "@/lib/core/route-handlers/access";
import {
  createDownloadJobCancelHandler,
  createDownloadJobReadHandler,
} from "@/lib/core/route-handlers/download-job-routes";

/**
 * GET → how far the caller's download is (`{state, step, done, total}`); DELETE → cancel it. 404 for a job that is not
 * the caller's. See lib/core/route-handlers/download-job.ts.
 */
export const GET = createDownloadJobReadHandler({ authorize: signedInAccount });
export const DELETE = createDownloadJobCancelHandler({ authorize: signedInAccount });
