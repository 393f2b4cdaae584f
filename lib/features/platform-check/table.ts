/**
 * The table `platform:check` prints: check, result, what to do. Plain text in fixed columns, so it
 * reads in a terminal and in a CI log alike (or JSON with `--json`); the exit code follows from the rows.
 */
export type CheckResult = "ok" | "info" | "warning" | "blocker";

export interface CheckRow {
  check: string;
  result: CheckResult;
  todo: string;
  /** Set on the row of one platform call (its endpoint name); unset on the others. */
  call?: boolean;
}

const LABEL: Record<CheckResult, string> = { ok: "ok", info: "info", warning: "WARNING", blocker: "BLOCKER" };

export function formatCheckTable(rows: readonly CheckRow[]): string {
  const header = { check: "check", result: "result", todo: "what to do / what was found" };
  const all = [header, ...rows.map((r) => ({ check: r.check, result: LABEL[r.result], todo: r.todo }))];
  const checkWidth = Math.max(...all.map((r) => r.check.length));
  const resultWidth = Math.max(...all.map((r) => r.result.length));
  const line = (r: (typeof all)[number]) =>
    `${r.check.padEnd(checkWidth)}  ${r.result.padEnd(resultWidth)}  ${r.todo}`.trimEnd();
  return [
    line(header),
    `${"-".repeat(checkWidth)}  ${"-".repeat(resultWidth)}  ${"-".repeat(27)}`,
    ...all.slice(1).map(line),
  ].join("\n");
}

/** 1 when any row is a blocker, else 0. */
export function exitCodeOf(rows: readonly CheckRow[]): 0 | 1 {
  return rows.some((r) => r.result === "blocker") ? 1 : 0;
}

export function summaryOf(rows: readonly CheckRow[]): string {
  const blockers = rows.filter((r) => r.result === "blocker").length;
  const warnings = rows.filter((r) => r.result === "warning").length;
  if (blockers > 0) return `${blockers} blocker(s), ${warnings} warning(s): not ready to go live.`;
  return warnings > 0 ? `No blockers, ${warnings} warning(s).` : "All checks passed.";
}

/** `--json`: the rows, the exit code and the summary, for automation. */
export function checkReport(rows: readonly CheckRow[]): string {
  const exitCode = exitCodeOf(rows);
  return JSON.stringify(
    {
      ready: exitCode === 0,
      exitCode,
      summary: summaryOf(rows),
      rows: rows.map(({ check, result, todo, call }) => ({ check, result, todo, call: call === true })),
    },
    null,
    2,
  );
}
