import { isNodeRuntime } from "@/lib/core/config";

/** Next.js calls register() once when a server process starts, before it serves a request. */
export async function register(): Promise<void> {
  // The Node runtime only: the check may end the process, which the Edge runtime cannot do.
  if (!isNodeRuntime()) return;
  const { exitOnInvalidConfig } = await import("./lib/core/config-at-start");
  exitOnInvalidConfig();
  // Metrics and traces (docs/operations.md): with neither setting on, nothing is wrapped or loaded.
  const { observeRequests } = await import("./lib/core/observability/start");
  await observeRequests();
}
