import type { InstancesResult, InstancesStep } from "../phases/instances";

/** The instances phase in the printed summary: the two steps, their ratio and where the cores went. */

const plural = (n: number) => `${n} instance${n === 1 ? "" : "s"}`;

function cpuLine(step: InstancesStep): string {
  const c = step.cpuCores;
  const parts = [
    `portal${c.portals.length === 1 ? "" : "s"} ${c.portals.map((p) => p.toFixed(2)).join(" + ")}`,
    `nginx ${c.nginx.toFixed(2)}`,
    `Postgres ${c.postgres === null ? "not measured" : c.postgres.toFixed(2)}`,
    `bench + emulators ${c.benchWithEmulators.toFixed(2)}`,
    `load generator ${c.loadGenerator.toFixed(2)}`,
    `other processes ${c.otherProcesses.toFixed(2)}`,
  ];
  return `${parts.join(", ")}; machine busy ${c.machineBusy.toFixed(2)}; portal CPU ${step.portalCpuMsPerRequest} ms a request`;
}

export function printInstances(r: InstancesResult, cores: number): void {
  const seconds = Math.round(r.steps[0]?.durationSeconds ?? 0);
  console.log(
    `\nInstances (${r.connections} drivers through nginx on Postgres, GET ${r.path}, ${seconds} s a step after a warm-up):`,
  );
  for (const s of r.steps) {
    console.log(
      `  ${plural(s.instances).padEnd(11)} ${Math.round(s.requestsPerSecond)} req/s, p50 ${s.latencyMs.p50} ms, p95 ${s.latencyMs.p95} ms, p99 ${s.latencyMs.p99} ms; errors ${s.errors}, timeouts ${s.timeouts}, non-2xx ${s.non2xx}  ${s.pass ? "PASS" : "FAIL"}`,
    );
  }
  console.log(`  1 → 2 instances: ×${r.ratio} req/s`);
  console.log(`  CPU in cores of ${cores} (1.00 = one core busy the whole step):`);
  for (const s of r.steps) console.log(`    ${plural(s.instances).padEnd(11)} ${cpuLine(s)}`);
}
