import { coresUsed, endedChildrenCpuSeconds, machineBusySeconds, ownCpuSeconds, treeCpuSeconds } from "./cpu";

/**
 * Where the cores went during a load through nginx: each portal instance, nginx, Postgres, the bench
 * process (the emulators answer the portals from it), the load generator (a child of the bench that
 * has ended by the second reading; its count includes its own start, before the first reading), and
 * every other process on the machine.
 */

export interface WatchedPids {
  portals: number[];
  nginx: number;
  /** The Postgres server's postmaster, when it runs on this machine and can be found. */
  postgres: number | null;
}

/** CPU seconds used so far, read at one moment (`atMs`, performance.now()). */
export interface CpuReading {
  atMs: number;
  portals: number[];
  nginx: number;
  postgres: number | null;
  bench: number;
  loadGenerator: number;
  machine: number;
}

/** Cores used over a span (1.0 is one core busy the whole time). */
export interface CpuSplit {
  wallSeconds: number;
  portals: number[];
  nginx: number;
  /** The whole server (every database): other engineers' tests may use it too. */
  postgres: number | null;
  benchWithEmulators: number;
  loadGenerator: number;
  /** The machine's busy time less everything above: other engineers' builds and tests. */
  otherProcesses: number;
  machineBusy: number;
}

export function readCpu(pids: WatchedPids): CpuReading {
  return {
    atMs: performance.now(),
    portals: pids.portals.map(treeCpuSeconds),
    nginx: treeCpuSeconds(pids.nginx),
    postgres: pids.postgres === null ? null : treeCpuSeconds(pids.postgres),
    bench: ownCpuSeconds(process.pid),
    loadGenerator: endedChildrenCpuSeconds(process.pid),
    machine: machineBusySeconds(),
  };
}

/** The split between two readings of the same processes. Pure. */
export function cpuSplit(before: CpuReading, after: CpuReading): CpuSplit {
  const wallSeconds = (after.atMs - before.atMs) / 1000;
  const cores = (from: number, to: number) => coresUsed(to - from, wallSeconds);
  const portals = after.portals.map((seconds, i) => cores(before.portals[i] ?? 0, seconds));
  const nginx = cores(before.nginx, after.nginx);
  const postgres = before.postgres === null || after.postgres === null ? null : cores(before.postgres, after.postgres);
  const benchWithEmulators = cores(before.bench, after.bench);
  const loadGenerator = cores(before.loadGenerator, after.loadGenerator);
  const machineBusy = cores(before.machine, after.machine);
  const ours = [...portals, nginx, postgres ?? 0, benchWithEmulators, loadGenerator].reduce((a, b) => a + b, 0);
  return {
    wallSeconds: Math.round(wallSeconds * 10) / 10,
    portals,
    nginx,
    postgres,
    benchWithEmulators,
    loadGenerator,
    // Readings of different files a moment apart: a small negative remainder is noise, not a process.
    otherProcesses: Math.max(0, Math.round((machineBusy - ours) * 100) / 100),
    machineBusy,
  };
}
