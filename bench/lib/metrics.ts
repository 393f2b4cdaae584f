/**
 * The portal's own figures, read from its /api/metrics (METRICS_ENABLED=true; the bench is on loopback, which the
 * endpoint answers), so the bench and production count alike (issue 39). Null when the portal serves no metrics.
 */
export type Figures = Map<string, number>;

export async function scrapeMetrics(origin: string): Promise<Figures | null> {
  const answer = await fetch(`${origin}/api/metrics`).catch(() => null);
  if (!answer || answer.status !== 200) return null;
  const figures: Figures = new Map();
  for (const line of (await answer.text()).split("\n")) {
    const match = /^([a-z_:][a-z0-9_:]*(?:\{.*\})?) (\S+)$/i.exec(line);
    if (match) figures.set(match[1] as string, Number(match[2]));
  }
  return figures;
}

/** The sum of the series of `metric` whose labels include `labels`. */
export function sumOf(figures: Figures, metric: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const [series, value] of figures) {
    if (series !== metric && !series.startsWith(`${metric}{`)) continue;
    if (Object.entries(labels).every(([key, wanted]) => series.includes(`${key}="${wanted}"`))) sum += value;
  }
  return sum;
}

/** What the portal counted for `route` between two scrapes: requests, their mean time, platform calls per request. */
export function perRequest(
  before: Figures,
  after: Figures,
  route: string,
): { requests: number; meanMs: number; platformCallsPerRequest: number } {
  const delta = (metric: string, labels: Record<string, string> = {}) =>
    sumOf(after, metric, labels) - sumOf(before, metric, labels);
  const requests = delta("portal_http_request_duration_seconds_count", { route });
  const seconds = delta("portal_http_request_duration_seconds_sum", { route });
  const calls = delta("portal_platform_calls_total");
  return {
    requests,
    meanMs: requests > 0 ? Math.round((seconds / requests) * 100_000) / 100 : 0,
    platformCallsPerRequest: requests > 0 ? Math.round((calls / requests) * 10) / 10 : 0,
  };
}
