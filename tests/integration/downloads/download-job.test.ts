import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { downloadJobs } from "@/lib/core/db/schema";
import { cancelDownloadJob, readDownloadJob } from "@/lib/core/route-handlers/download-job";
import {
  createDownloadJobCancelHandler,
  createDownloadJobReadHandler,
} from "@/lib/core/route-handlers/download-job-routes";
import { createExpensePackHandler } from "@/lib/features/expense-pack/route-handlers";
import { createSessionsExportHandler } from "@/lib/features/sessions/route-handlers";
import { DEMO_DRIVER_ID, sessionsHarnessForSuite, START } from "../sessions/harness";

/**
 * The followed downloads of issue 36: progress written by the instance streaming the file, read and cancelled through
 * the database (so any instance answers), the cancel stopping the platform reads, and nobody else's job readable.
 */
const h = sessionsHarnessForSuite({ seedLocations: true, asAppDatabase: true });
const DRIVER = { platformUserId: DEMO_DRIVER_ID, userId: "account-demi" };
const OTHER = { userId: "account-someone-else" };
const YEAR = "period=custom&from=2025-04-01&to=2026-03-14";

let counter = 0;
const newJobId = () => (++counter).toString(16).padStart(32, "a");

const driverPack = (query: string) =>
  createExpensePackHandler({ authorize: async () => DRIVER, sessions: () => h.deps })(
    new Request(`http://localhost/api/sessions/expense-pack?${query}`),
  );
const sessionsCsv = (query: string) =>
  createSessionsExportHandler({ authorize: async () => DRIVER, sessions: () => h.deps })(
    new Request(`http://localhost/api/sessions/export?${query}`),
  );
const jobRoute = (kind: "read" | "cancel", caller: { userId: string }, id: string) =>
  (kind === "read" ? createDownloadJobReadHandler : createDownloadJobCancelHandler)({
    authorize: async () => caller,
  })(new Request(`http://localhost/api/downloads/${id}`, { method: kind === "read" ? "GET" : "DELETE" }), {
    params: Promise.resolve({ id }),
  });

const jobRow = async (id: string) => (await h.opened.db.select().from(downloadJobs).where(eq(downloadJobs.id, id)))[0];

/** Reads a streamed body to its end, or to the error that ends it. */
async function drain(response: Response): Promise<{ bytes: number; error: unknown }> {
  const reader = response.body!.getReader();
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { bytes, error: null };
      bytes += value.byteLength;
    }
  } catch (error) {
    return { bytes, error };
  }
}

beforeEach(async () => {
  h.clock.ms = START;
  await h.emu.call("PUT", "/__emulator/faults", { body: { latencyMs: 0 } });
});

describe("a followed download", () => {
  it("reports the expense pack's receipts as it writes them, and says when it is done", async () => {
    const id = newJobId();
    const response = await driverPack(`${YEAR}&progress=${id}`);
    expect(response.status).toBe(200);
    // The reading before the first byte is the sessions' walk.
    expect((await jobRow(id))?.state).toBe("running");
    const seen = new Set<string>();
    const reader = response.body!.getReader();
    for (;;) {
      const { done } = await reader.read();
      const job = await readDownloadJob(h.opened.db, DRIVER.userId, id);
      if (job?.step === "receipts" && job.total) seen.add(`${job.done}/${job.total}`);
      if (done) break;
    }
    await expect.poll(async () => (await jobRow(id))?.state).toBe("done");
    const row = await jobRow(id);
    expect(row).toMatchObject({ state: "done", step: "done", kind: "expense-pack", userId: DRIVER.userId });
    // Several intermediate counts were readable, each below the total ("12 of 48 receipts").
    expect(seen.size).toBeGreaterThan(1);
    for (const count of seen) {
      const [done, total] = count.split("/").map(Number);
      expect(done).toBeLessThanOrEqual(total!);
      expect(total).toBeGreaterThan(20);
    }
  }, 120_000);

  it("stops reading the platform when cancelled from another instance, and aborts the read in flight", async () => {
    // Every platform answer takes 400 ms: a cancel always finds a read in flight.
    await h.emu.call("PUT", "/__emulator/faults", { body: { latencyMs: 400 } });
    const id = newJobId();
    const before = h.requests.length;
    const started = driverPack(`${YEAR}&progress=${id}`);
    await expect.poll(() => h.requests.length, { timeout: 20_000 }).toBeGreaterThan(before + 2);
    // Another instance's DELETE: only the database row changes.
    const cancelled = await jobRoute("cancel", DRIVER, id);
    expect(cancelled.status).toBe(200);
    const cancelledAt = Date.now();
    const response = await started;
    // Cancelled while reading the sessions, before the first byte: a 409 in words, never a 500.
    if (response.status !== 200) {
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ error: "The download was cancelled." });
    } else {
      expect((await drain(response)).error).not.toBeNull();
    }
    // The read in flight was aborted: the handler ended well within one answer's latency of the poll.
    expect(Date.now() - cancelledAt).toBeLessThan(2_500);
    await h.quiet();
    const after = h.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(h.requests.length).toBe(after);
    await expect.poll(async () => (await jobRow(id))?.state).toBe("cancelled");
  }, 60_000);

  it("stops when the browser goes away: the request's signal aborts the platform reads", async () => {
    await h.emu.call("PUT", "/__emulator/faults", { body: { latencyMs: 300 } });
    const id = newJobId();
    const browser = new AbortController();
    const handler = createSessionsExportHandler({ authorize: async () => DRIVER, sessions: () => h.deps });
    const before = h.requests.length;
    const started = handler(
      new Request(`http://localhost/api/sessions/export?progress=${id}`, { signal: browser.signal }),
    );
    await expect.poll(() => h.requests.length, { timeout: 10_000 }).toBeGreaterThan(before);
    browser.abort();
    const response = await started;
    if (response.status === 200) await drain(response);
    else expect(response.status).toBe(409);
    await h.quiet();
    const after = h.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(h.requests.length).toBe(after);
    await expect.poll(async () => (await jobRow(id))?.state).toBe("cancelled");
  });

  it("counts the CSV's rows and ends done", async () => {
    const id = newJobId();
    const response = await sessionsCsv(`progress=${id}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    const rows = text.trimEnd().split("\r\n").length - 1;
    await expect.poll(async () => (await jobRow(id))?.state).toBe("done");
    expect(await readDownloadJob(h.opened.db, DRIVER.userId, id)).toEqual({
      state: "done",
      step: "done",
      done: rows,
      total: null,
    });
  });

  it("is another account's to neither read nor cancel: a 404, and the job runs on", async () => {
    const id = newJobId();
    const response = await sessionsCsv(`progress=${id}`);
    expect((await jobRoute("read", OTHER, id)).status).toBe(404);
    const refused = await jobRoute("cancel", OTHER, id);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: "This download was not found." });
    expect((await jobRow(id))?.cancelRequested).toBe(false);
    expect(await cancelDownloadJob(h.opened.db, OTHER.userId, id)).toBeNull();
    await response.text();
    await expect.poll(async () => (await jobRow(id))?.state).toBe("done");
    expect((await jobRoute("read", DRIVER, id)).status).toBe(200);
  });

  it("answers every malformed id with a 400 or 404 in words, never a 500", async () => {
    for (const bad of ["", "x", "A".repeat(32), "g".repeat(32), "a".repeat(33), "%00", "../../etc", "a".repeat(5000)]) {
      const download = await sessionsCsv(`progress=${encodeURIComponent(bad)}`);
      expect(download.status).toBe(400);
      expect((await download.json()).error).toMatch(/progress id is not valid/);
      for (const kind of ["read", "cancel"] as const) expect((await jobRoute(kind, DRIVER, bad)).status).toBe(404);
    }
    // One id, one download: a second use is refused without touching the first.
    const id = newJobId();
    await (await sessionsCsv(`progress=${id}`)).text();
    expect((await sessionsCsv(`progress=${id}`)).status).toBe(400);
    expect((await jobRow(id))?.state).toBe("done");
  });

  it("without a job id is the plain download it was, with no row", async () => {
    const before = (await h.opened.db.select().from(downloadJobs)).length;
    const response = await sessionsCsv("");
    expect(response.status).toBe(200);
    await response.text();
    expect((await h.opened.db.select().from(downloadJobs)).length).toBe(before);
  });
});
