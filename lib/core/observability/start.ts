import "server-only";
import { getConfig } from "@/lib/core/config";
import { observeHttpServer } from "./http";
import { startTracing } from "./tracing";

/** What instrumentation.ts starts: the OTLP exporter when configured, and the requests' metrics and spans. */
export async function observeRequests(): Promise<void> {
  const { metricsEnabled, otlpEndpoint } = getConfig().observability;
  await startTracing();
  if (metricsEnabled || otlpEndpoint) observeHttpServer();
}
