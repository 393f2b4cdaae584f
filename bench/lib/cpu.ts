import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time from /proc, to say where the cores went during a load: the portal instances, nginx, the
 * bench process (which serves the emulators) and the load generator all share the same cores.
 */

/**
 * /proc reports times in USER_HZ, which the kernel fixes at 100 for user space on every architecture
 * Node runs on (sysconf(_SC_CLK_TCK)); Node offers no call to read it.
 */
export const TICKS_PER_SECOND = 100;

/** Clock ticks of one process: its own (utime, stime) and those of its children it has waited for. */
export interface ProcessTicks {
  utime: number;
  stime: number;
  cutime: number;
  cstime: number;
}

/** Parses /proc/<pid>/stat. Pure. */
export function parseProcStat(text: string): ProcessTicks {
  // The command name (field 2) is in parentheses and may itself hold spaces and ")": the fields
  // after it start after the last ") ". Counted from there, field 3 has index 0.
  const closing = text.lastIndexOf(") ");
  if (closing < 0) throw new Error(`not a /proc/<pid>/stat line: ${text.slice(0, 80)}`);
  const fields = text.slice(closing + 2).split(" ");
  const field = (number: number) => {
    const value = Number(fields[number - 3]);
    if (!Number.isInteger(value)) throw new Error(`/proc/<pid>/stat field ${number} is not a number`);
    return value;
  };
  return { utime: field(14), stime: field(15), cutime: field(16), cstime: field(17) };
}

/** Busy clock ticks of the whole machine so far: every CPU state but idle and iowait. Pure. */
export function parseMachineBusyTicks(procStat: string): number {
  const line = procStat.split("\n").find((l) => l.startsWith("cpu "));
  if (!line) throw new Error("/proc/stat has no 'cpu' line");
  // user nice system idle iowait irq softirq steal; guest and guest_nice are already inside user and nice.
  const [user, nice, system, _idle, _iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return [user, nice, system, irq, softirq, steal].reduce<number>((sum, value) => sum + (value ?? 0), 0);
}

const ticksOf = (pid: number): ProcessTicks => parseProcStat(readFileSync(`/proc/${pid}/stat`, "utf8"));

/** A process and its descendants alive now. */
export function processTree(pid: number): number[] {
  const out = [pid];
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out; // gone meanwhile
  }
  for (const task of tasks) {
    let children = "";
    try {
      children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
    } catch {
      continue; // the thread ended meanwhile
    }
    if (children) for (const child of children.split(/\s+/)) out.push(...processTree(Number(child)));
  }
  return out;
}

/** CPU seconds the process itself used so far (user + system). */
export function ownCpuSeconds(pid: number): number {
  const t = ticksOf(pid);
  return (t.utime + t.stime) / TICKS_PER_SECOND;
}

/** CPU seconds of the children the process has waited for after they ended (a finished load generator). */
export function endedChildrenCpuSeconds(pid: number): number {
  const t = ticksOf(pid);
  return (t.cutime + t.cstime) / TICKS_PER_SECOND;
}

/**
 * CPU seconds of a process tree: each live member's own time plus that of its ended children. A
 * worker that ends between two readings moves its time into its parent's count, so none is lost
 * (nginx replaces its workers on a reload).
 */
export function treeCpuSeconds(pid: number): number {
  let ticks = 0;
  for (const member of processTree(pid)) {
    try {
      const t = ticksOf(member);
      ticks += t.utime + t.stime + t.cutime + t.cstime;
    } catch {
      // Ended between the listing and the reading; its parent counts it from now on.
    }
  }
  return ticks / TICKS_PER_SECOND;
}

/** CPU seconds the whole machine (every core, every process) has been busy so far. */
export function machineBusySeconds(): number {
  return parseMachineBusyTicks(readFileSync("/proc/stat", "utf8")) / TICKS_PER_SECOND;
}

/** CPU seconds over wall seconds: 1.0 is one core busy the whole time. Pure. */
export const coresUsed = (cpuSeconds: number, wallSeconds: number): number =>
  wallSeconds > 0 ? Math.round((cpuSeconds / wallSeconds) * 100) / 100 : 0;
