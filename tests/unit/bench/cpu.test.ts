import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import {
  coresUsed,
  ownCpuSeconds,
  parseMachineBusyTicks,
  parseProcStat,
  processTree,
  treeCpuSeconds,
} from "@/bench/lib/cpu";
import { cpuSplit, type CpuReading } from "@/bench/lib/cpu-split";

/** The bench's CPU figures: /proc parsed right, a process tree counted whole, the split added up. */

describe("parseProcStat", () => {
  it("reads utime, stime, cutime and cstime after a command name that holds spaces and parentheses", () => {
    const line =
      "4242 (next (v16) a) b) S 1 4242 4242 0 -1 4194560 5000 0 0 0 1234 567 89 10 20 0 11 0 36992 3133440 410 18446744073709551615";
    expect(parseProcStat(line)).toEqual({ utime: 1234, stime: 567, cutime: 89, cstime: 10 });
  });

  it("refuses what is not a stat line", () => {
    expect(() => parseProcStat("no parentheses here")).toThrow(/not a \/proc/);
    expect(() => parseProcStat("1 (x) S 1 2")).toThrow(/field 14/);
  });
});

describe("parseMachineBusyTicks", () => {
  it("counts every state but idle and iowait, and guest time once (it is inside user already)", () => {
    const stat = "cpu  22204 45 7445 42526 616 0 124 39 300 0\ncpu0 1 2 3 4 5 6 7 8 9 10\n";
    expect(parseMachineBusyTicks(stat)).toBe(22204 + 45 + 7445 + 0 + 124 + 39);
  });
});

describe("cpuSplit", () => {
  const reading = (atMs: number, seconds: Partial<CpuReading>): CpuReading => ({
    atMs,
    portals: [0, 0],
    nginx: 0,
    postgres: 0,
    bench: 0,
    loadGenerator: 0,
    machine: 0,
    ...seconds,
  });

  it("gives each process its cores over the span and leaves the rest of the machine to others", () => {
    const before = reading(1000, {
      portals: [10, 20],
      nginx: 1,
      postgres: 5,
      bench: 3,
      loadGenerator: 2,
      machine: 100,
    });
    const after = reading(11_000, {
      portals: [17, 26],
      nginx: 2,
      postgres: 6,
      bench: 4.5,
      loadGenerator: 4.5,
      machine: 119,
    });
    expect(cpuSplit(before, after)).toEqual({
      wallSeconds: 10,
      portals: [0.7, 0.6],
      nginx: 0.1,
      postgres: 0.1,
      benchWithEmulators: 0.15,
      loadGenerator: 0.25,
      otherProcesses: 0,
      machineBusy: 1.9,
    });
  });

  it("says Postgres was not measured rather than zero", () => {
    const split = cpuSplit(reading(0, { postgres: null }), reading(1000, { postgres: null, machine: 1 }));
    expect(split.postgres).toBeNull();
    expect(split.otherProcesses).toBe(1);
  });

  it("counts cores as CPU seconds over wall seconds", () => {
    expect(coresUsed(3, 2)).toBe(1.5);
    expect(coresUsed(1, 0)).toBe(0);
  });
});

describe("reading /proc", () => {
  let shell: ReturnType<typeof spawn> | null = null;
  afterEach(() => {
    // Our own shell and its children, by their process group.
    if (shell?.pid) process.kill(-shell.pid, "SIGKILL");
    shell = null;
  });

  // Burns 0.8 s of CPU (not of wall time: the machine may be busy), then stays or ends. The shell's own share is
  // its fork and exec, which on a loaded machine reaches a tenth of a second: it must stay far below the child's.
  const burn = (then: string) => `node -e "while (process.cpuUsage().user < 800000); ${then}"`;
  const start = (script: string) => {
    shell = spawn("sh", ["-c", script], { detached: true, stdio: "ignore" });
    return shell.pid as number;
  };
  // Up to 50 s: beside a busy suite on two cores, the child may get its 0.8 s of CPU only slowly.
  const until = async (ready: () => boolean) => {
    for (let i = 0; i < 2000 && !ready(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(ready()).toBe(true);
  };

  it("counts a running child in its parent's tree", { timeout: 60_000 }, async () => {
    // "; true" keeps the shell from replacing itself with node; the shell spends no CPU of its own.
    const pid = start(`${burn("setTimeout(() => {}, 30000);")}; true`);
    await until(() => processTree(pid).length === 2 && treeCpuSeconds(pid) >= 0.8);
    expect(ownCpuSeconds(pid)).toBeLessThan(0.4);
  });

  it("keeps counting a child after it has ended and its parent has waited for it", { timeout: 60_000 }, async () => {
    const pid = start(`${burn("")}; sleep 30`);
    await until(() => {
      const tree = processTree(pid);
      return tree.length === 2 && treeCpuSeconds(tree[1] as number) === 0 && treeCpuSeconds(pid) >= 0.8;
    });
    expect(ownCpuSeconds(pid)).toBeLessThan(0.4);
  });
});
