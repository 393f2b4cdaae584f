import "server-only";
import { sql } from "drizzle-orm";
import { getConfig } from "@/lib/core/config";
import { logger } from "@/lib/core/log";
import { observeReadiness } from "@/lib/core/observability/metrics";
import { isDraining } from "@/lib/core/shutdown";
import { getDb } from "./client";

const DB_TIMEOUT_MS = 2_000;

export type Readiness = { status: "ready" } | { status: "unavailable"; reason: "draining" | "config" | "database" };

/**
 * Whether this instance should get requests: not draining, a valid configuration, a database that answers within
 * 2 s. /api/health/ready answers it, and each scrape of /api/metrics records it as `portal_ready`.
 */
export async function readiness(): Promise<Readiness> {
  const result = await check();
  observeReadiness(result.status === "ready");
  return result;
}

async function check(): Promise<Readiness> {
  if (isDraining()) return { status: "unavailable", reason: "draining" };
  try {
    getConfig();
  } catch {
    return { status: "unavailable", reason: "config" };
  }
  try {
    const db = await getDb();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${DB_TIMEOUT_MS} ms`)), DB_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
  } catch (error) {
    logger("health").error("not ready: the database does not answer", error);
    return { status: "unavailable", reason: "database" };
  }
  return { status: "ready" };
}
