import "server-only";
import { and, eq, lt } from "drizzle-orm";
import { getDb, type Database } from "@/lib/core/db/client";
import { downloadJobs } from "@/lib/core/db/schema";
import { logger } from "@/lib/core/log";
import { abortReason, underPlatformSignal, withPlatformSignal } from "@/lib/platform/cancellation";
import { RouteError } from "./route-error";

/**
 * A download the browser follows (issue 36): the request streaming the file is the job; its progress and cancel are a
 * `download_job` row every instance reads (docs/design-notes.md#libcoreroute-handlersdownload-jobts).
 */
const log = logger("downloads");

/** The query parameter naming the job: 32 hex characters the browser drew. */
export const DOWNLOAD_JOB_PARAM = "progress";
const JOB_ID = /^[0-9a-f]{32}$/;
/** How often the working instance looks for a cancel set elsewhere, and writes its progress at most. */
export const CANCEL_POLL_MS = 750;
const WRITE_EVERY_MS = 300;
/** Rows older than this go when a new job starts. */
const KEEP_MS = 24 * 60 * 60 * 1000;

export type DownloadKind = "expense-pack" | "sessions-csv" | "payments-csv" | "my-data";
/** What the server is doing; the browser words it (`downloads.step.<step>`). */
export type DownloadStep = "starting" | "sessions" | "receipts" | "invoices" | "rows" | "files" | "finishing" | "done";
export type DownloadState = "running" | "done" | "cancelled" | "failed";

export interface DownloadJobView {
  state: DownloadState;
  step: DownloadStep;
  done: number;
  total: number | null;
}

/** What a download's maker sees: where it is ("12 of 48 receipts"), and a signal that says it was cancelled. */
export interface DownloadProgress {
  readonly signal: AbortSignal;
  report(step: DownloadStep, done: number, total?: number | null): void;
}

export interface DownloadJob extends DownloadProgress {
  /** Runs `work` with its platform calls under the job's signal; a cancel becomes a 409, any failure marks the job. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** The file's chunks, made under the job's signal; the job is done when the last is read. */
  stream<T>(chunks: AsyncGenerator<T, void, undefined>): AsyncGenerator<T, void, undefined>;
}

export interface DownloadJobDeps {
  db: () => Promise<Database>;
  pollMs: number;
}

const defaultDeps: DownloadJobDeps = { db: getDb, pollMs: CANCEL_POLL_MS };

/** The job id of a request (`?progress=`), null when the browser follows none; a malformed one is a 400. */
export function downloadJobId(request: Request): string | null {
  const raw = new URL(request.url).searchParams.get(DOWNLOAD_JOB_PARAM);
  if (raw === null) return null;
  if (!JOB_ID.test(raw)) throw new RouteError(400, "downloads.errors.badId");
  return raw;
}

/** A download nobody follows: no row, cancelled only when the browser goes away. */
function untracked(request: Request): DownloadJob {
  const signal = request.signal;
  return {
    signal,
    report() {},
    run: (work) => withPlatformSignal(signal, work),
    stream: (chunks) => underPlatformSignal(signal, chunks),
  };
}

/**
 * Opens the job of `request` for the account `userId` (a row, a watcher for a cancel set on any instance), or an
 * untracked one when the request names none (or a test's caller has no account). A job id already taken is a 400.
 */
export async function openDownloadJob(
  request: Request,
  owner: { userId?: string },
  kind: DownloadKind,
  deps: DownloadJobDeps = defaultDeps,
): Promise<DownloadJob> {
  const id = downloadJobId(request);
  if (id === null || owner.userId === undefined) return untracked(request);
  const db = await deps.db();
  const now = new Date();
  await db.delete(downloadJobs).where(lt(downloadJobs.createdAt, new Date(now.getTime() - KEEP_MS)));
  const inserted = await db
    .insert(downloadJobs)
    .values({ id, userId: owner.userId, kind, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: downloadJobs.id });
  if (inserted.length === 0) throw new RouteError(400, "downloads.errors.badId");

  const controller = new AbortController();
  const abort = () => controller.abort(new DOMException("The download was cancelled", "AbortError"));
  if (request.signal.aborted) abort();
  else request.signal.addEventListener("abort", abort, { once: true });
  let latest: { step: DownloadStep; done: number; total: number | null } | null = null;
  let lastWrite = 0;
  let writing: Promise<void> = Promise.resolve();
  let finished = false;

  const write = (values: Partial<typeof downloadJobs.$inferInsert>) => {
    writing = writing
      .then(async () => {
        const [row] = await db
          .update(downloadJobs)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(downloadJobs.id, id))
          .returning({ cancel: downloadJobs.cancelRequested });
        if (row?.cancel) abort();
      })
      .catch((error: unknown) => log.warn("writing a download's progress failed", error));
    return writing;
  };
  // A cancel set through another instance: seen within `pollMs`, also while a platform read is in flight.
  const watcher = setInterval(() => {
    if (finished) return;
    const pending = latest;
    latest = null;
    lastWrite = Date.now();
    void write(pending ?? {});
  }, deps.pollMs);

  const finish = async (state: Exclude<DownloadState, "running">) => {
    if (finished) return;
    finished = true;
    clearInterval(watcher);
    request.signal.removeEventListener("abort", abort);
    const last = latest ?? {};
    await write(state === "done" ? { ...last, state, step: "done" } : { ...last, state });
  };
  const failed = (error: unknown) => {
    const cancelled = controller.signal.aborted;
    void finish(cancelled ? "cancelled" : "failed");
    return cancelled ? new RouteError(409, "downloads.errors.cancelled") : error;
  };

  return {
    signal: controller.signal,
    report(step, done, total = null) {
      if (finished) return;
      latest = { step, done, total };
      if (Date.now() - lastWrite < WRITE_EVERY_MS) return;
      lastWrite = Date.now();
      latest = null;
      void write({ step, done, total });
    },
    async run(work) {
      try {
        if (controller.signal.aborted) throw abortReason(controller.signal);
        return await withPlatformSignal(controller.signal, work);
      } catch (error) {
        throw failed(error);
      }
    },
    async *stream(chunks) {
      let complete = false;
      try {
        yield* underPlatformSignal(controller.signal, chunks);
        complete = true;
      } catch (error) {
        throw failed(error);
      } finally {
        // Ended early without an error: the reader went away (a cancelled fetch).
        await finish(complete ? "done" : "cancelled");
      }
    },
  };
}

/** A walk's pages passed on as they come, their items counted into the job's progress as `step`. */
export async function* countedPages<T>(
  pages: AsyncIterable<readonly T[]>,
  progress: Pick<DownloadProgress, "report">,
  step: DownloadStep,
): AsyncGenerator<T[], void, undefined> {
  let count = 0;
  progress.report(step, count);
  for await (const page of pages) {
    yield [...page];
    count += page.length;
    progress.report(step, count);
  }
}

/** Each item passed on as it comes, counted into the job's progress as `step` (the data export's files). */
export async function* countedItems<T>(
  items: AsyncIterable<T> | Iterable<T>,
  progress: Pick<DownloadProgress, "report">,
  step: DownloadStep,
): AsyncGenerator<T, void, undefined> {
  let count = 0;
  progress.report(step, count);
  for await (const item of items) {
    yield item;
    progress.report(step, ++count);
  }
}

function viewOf(row: typeof downloadJobs.$inferSelect): DownloadJobView {
  return {
    state: row.state as DownloadState,
    step: row.step as DownloadStep,
    done: row.done,
    total: row.total,
  };
}

/** The caller's own job, or null (another account's job is as missing as an unknown one). */
export async function readDownloadJob(db: Database, userId: string, id: string): Promise<DownloadJobView | null> {
  if (!JOB_ID.test(id)) return null;
  const [row] = await db
    .select()
    .from(downloadJobs)
    .where(and(eq(downloadJobs.id, id), eq(downloadJobs.userId, userId)));
  return row ? viewOf(row) : null;
}

/** Asks the instance making the caller's job to stop; null when the job is not the caller's. */
export async function cancelDownloadJob(db: Database, userId: string, id: string): Promise<DownloadJobView | null> {
  if (!JOB_ID.test(id)) return null;
  const [row] = await db
    .update(downloadJobs)
    .set({ cancelRequested: true, updatedAt: new Date() })
    .where(and(eq(downloadJobs.id, id), eq(downloadJobs.userId, userId)))
    .returning();
  return row ? viewOf(row) : null;
}
