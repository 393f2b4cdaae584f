import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The alert rules in deploy/prometheus/ are valid (`promtool check rules`), fire on the figures their unit tests give
 * (`promtool test rules`), and each one is seen firing there and has its runbook in docs/operations.md. Debian's
 * `prometheus` package brings promtool; .ci/run installs it. Without it the promtool steps are skipped, loudly.
 */
const dir = path.join(process.cwd(), "deploy/prometheus");
const RULES = path.join(dir, "driver-portal-rules.yml");
const TESTS = path.join(dir, "driver-portal-rules.test.yml");
const PROMTOOL = ["/usr/bin/promtool", "/usr/local/bin/promtool"].find((file) => existsSync(file)) ?? null;
if (!PROMTOOL)
  console.warn("\n!!! alert-rules: promtool SKIPPED: not installed (apt-get install prometheus; .ci/run does). !!!\n");

function promtool(...args: string[]) {
  const run = spawnSync(PROMTOOL!, args, { cwd: dir, encoding: "utf8", timeout: 30_000 });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

const alertNames = () => [...readFileSync(RULES, "utf8").matchAll(/^\s*- alert: (\w+)$/gm)].map((m) => m[1]!);

/** The alerts a unit test expects to fire: an `alertname` whose `exp_alerts` lists labels. */
function alertsSeenFiring(tests: string): Set<string> {
  const seen = new Set<string>();
  for (const part of tests.split(/(?=alertname:)/).slice(1)) {
    const name = /^alertname: (\w+)/.exec(part)?.[1];
    const expectation = part.split(/\n\s*- (?:\{ )?eval_time|\n\s*- name:/)[0] ?? "";
    if (name && /exp_labels/.test(expectation)) seen.add(name);
  }
  return seen;
}

describe("alert rules", () => {
  it("names the alerts the issue asks for, each with a runbook entry", () => {
    const names = alertNames();
    expect(names).toEqual([
      "PortalCallbacksStopped",
      "PortalCallbackBadSignatures",
      "PortalPlatformErrors",
      "PortalPlatformRateLimited",
      "PortalPlatformSunsetSoon",
      "PortalMailFailures",
      "PortalLiveStreamsNearCap",
      "PortalNotReady",
    ]);
    const runbook = readFileSync(path.join(process.cwd(), "docs/operations.md"), "utf8");
    for (const name of names) {
      expect(runbook, `a runbook heading for ${name}`).toMatch(new RegExp(`^### ${name}$`, "m"));
      expect(readFileSync(RULES, "utf8")).toContain(`docs/operations.md#${name.toLowerCase()}`);
    }
  });

  it("every alert is seen firing by a unit test (a rule that cannot fire fails here)", () => {
    const seen = alertsSeenFiring(readFileSync(TESTS, "utf8"));
    expect(alertNames().filter((name) => !seen.has(name))).toEqual([]);
  });

  it("the firing check notices an alert that no test sees firing", () => {
    const tests =
      "  - eval_time: 5m\n    alertname: A\n    exp_alerts: []\n  - eval_time: 6m\n    alertname: B\n    exp_alerts:\n      - exp_labels: {}\n";
    expect([...alertsSeenFiring(tests)]).toEqual(["B"]);
  });

  it.skipIf(!PROMTOOL)("promtool accepts the rules and the Prometheus configuration", () => {
    const rules = promtool("check", "rules", RULES);
    expect(rules.code, rules.output).toBe(0);
    const config = promtool("check", "config", "prometheus.yml");
    expect(config.code, config.output).toBe(0);
  });

  it.skipIf(!PROMTOOL)("promtool's unit tests pass: each alert fires on its figures and stays quiet otherwise", () => {
    const run = promtool("test", "rules", TESTS);
    expect(run.code, run.output).toBe(0);
  });
});
