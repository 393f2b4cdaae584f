import autocannon from "autocannon";
import { percentile, round } from "../lib/stats";
import type { LoadRequest, LoadSummary } from "./load";

/**
 * The load generator, in its own process: the bench process also serves the emulators, and one
 * event loop doing both would measure itself. Input: one JSON argument; output: "started", then one
 * JSON line.
 * Each connection is one simulated driver and keeps the cookie it was given first.
 */
const input = JSON.parse(process.argv[2] ?? "{}") as LoadRequest;
let nextCookie = 0;
// In arrival order: the first `connections` answers are the start's burst on a cold server (issue 37, docs/quality.md).
const latencies: number[] = [];
const statuses = new Map<number, number>();

const tail = (values: number[]) => ({
  p50: round(percentile(values, 50)),
  p99: round(percentile(values, 99)),
  max: round(Math.max(...values)),
});

// The first line says the load begins: the process's own start (tsx) takes seconds on a busy machine.
process.stdout.write("started\n");
const instance = autocannon(
  {
    url: input.origin,
    connections: input.connections,
    duration: input.durationSeconds,
    timeout: 30,
    requests: [
      {
        method: "GET",
        path: input.path,
        setupRequest: (request, context) => {
          const ctx = context as { cookie?: string };
          ctx.cookie ??= input.cookies[nextCookie++ % input.cookies.length];
          return { ...request, headers: { ...request.headers, cookie: ctx.cookie ?? "" } };
        },
      },
    ],
  },
  (error, result) => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    // autocannon's histogram has p90/p97.5 but no p95: that one comes from every response's time.
    const summary: LoadSummary = {
      requests: result.requests.total,
      durationSeconds: result.duration,
      requestsPerSecond: round(result.requests.total / result.duration),
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      statuses: Object.fromEntries(statuses),
      latencyMs: {
        p50: round(percentile(latencies, 50)),
        p95: round(percentile(latencies, 95)),
        p99: round(percentile(latencies, 99)),
        max: round(Math.max(...latencies)),
        mean: round(result.latency.mean),
      },
      afterFirstWave: tail(latencies.slice(input.connections)),
    };
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  },
);
instance.on("response", (_client, statusCode, _bytes, responseTime) => {
  latencies.push(responseTime);
  statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
});
