import "server-only";
import { z } from "zod";
import type { Viewer } from "@/lib/core/auth/viewer";
import { getDb, type Database } from "@/lib/core/db/client";
import { cancelDownloadJob, readDownloadJob } from "./download-job";
import { foundOrNotFound, paramsOrNotFound } from "./route-error";
import { PRIVATE_NO_STORE, routeHandler, type RouteHandler } from "./route-handler";

/**
 * `GET /api/downloads/{id}` (where a download is) and `DELETE` (cancel it), from any instance. Another account's job
 * answers 404, as an unknown one does.
 */
export interface DownloadJobRouteDeps {
  authorize: () => Promise<Pick<Viewer, "userId">>;
  db?: () => Promise<Database>;
}

const JOB_NOT_FOUND = "downloads.errors.notFound";
const JobParams = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) });

function jobHandler(
  deps: DownloadJobRouteDeps,
  doing: "downloads.doing.read" | "downloads.doing.cancel",
  act: typeof readDownloadJob,
): RouteHandler {
  return routeHandler({
    scope: "downloads",
    words: { doing },
    access: deps.authorize,
    params: paramsOrNotFound(JobParams, JOB_NOT_FOUND),
    async run({ actor, params }) {
      const db = await (deps.db ?? getDb)();
      const job = await foundOrNotFound(act(db, actor.userId, params.id), JOB_NOT_FOUND);
      return Response.json(job, { headers: PRIVATE_NO_STORE });
    },
  });
}

export const createDownloadJobReadHandler = (deps: DownloadJobRouteDeps) =>
  jobHandler(deps, "downloads.doing.read", readDownloadJob);
export const createDownloadJobCancelHandler = (deps: DownloadJobRouteDeps) =>
  jobHandler(deps, "downloads.doing.cancel", cancelDownloadJob);
