import { describe, expect, it } from "vitest";
import { platformCheckCommand } from "@/lib/features/platform-check/command";
import { AMPECO_ENDPOINTS } from "@/lib/platform/dialects/ampeco/endpoints";
import { CONTRACT_ENDPOINTS } from "@/lib/platform/dialects/contract/endpoints";
import { BASE, checkRun as deps, closedPort, KEY, READ_ONLY, rowsOf, text, type Dialect } from "./harness";

/** `platform:check` against emulators: well configured in both dialects, misconfigured, and gone. */

interface JsonReport {
  ready: boolean;
  exitCode: number;
  summary: string;
  rows: Array<{ check: string; result: string; todo: string; call: boolean }>;
}

describe("platform:check, read-only", () => {
  it.each<Dialect>(["ampeco", "contract"])(
    "is all green against the emulator in the %s dialect (exit 0)",
    async (dialect) => {
      const run = deps({ dialect });
      expect(await platformCheckCommand([], run.commandDeps)).toBe(0);
      expect(rowsOf(run.out, "BLOCKER")).toEqual([]);
      expect(rowsOf(run.out, "WARNING")).toEqual([]);
      expect(text(run.out)).toMatch(/All checks passed\./);
      expect(text(run.out)).toMatch(/^credentials\s+ok\s+accepted by https:\/\/tenant\.check\.test/m);
      expect(text(run.out)).toMatch(/^map data\s+info\s+built-in map data emulator/m);
      if (dialect === "contract") {
        expect(text(run.out)).toMatch(/^partner\s+info\s+the contract has no partner read/m);
        expect(text(run.out)).toMatch(/^ledger\s+info\s+the contract keeps no ledger/m);
        expect(text(run.out)).toMatch(/^callbacks\s+info\s+the contract has no notifications/m);
      } else expect(text(run.out)).toMatch(/^partners\.get\s+ok\s+1116 exists, with createUsers and addUserBalance/m);
    },
  );

  it.each([
    ["ampeco with OAuth client credentials", "ampeco", true, Object.keys(AMPECO_ENDPOINTS)],
    ["contract", "contract", false, Object.keys(CONTRACT_ENDPOINTS)],
  ] as const)(
    "%s: one row per call in the dialect's endpoint table, each ok, as JSON with --json",
    async (_name, dialect, oauth, calls) => {
      const run = deps({ dialect, oauth });
      expect(await platformCheckCommand(["--json"], run.commandDeps)).toBe(0);
      const report = JSON.parse(text(run.out)) as JsonReport;
      expect(report).toMatchObject({ ready: true, exitCode: 0, summary: "All checks passed." });
      const callRows = report.rows.filter((row) => row.call);
      expect(callRows.map((row) => row.check).sort()).toEqual([...calls].sort());
      expect(callRows.filter((row) => row.result !== "ok")).toEqual([]);
      expect(report.rows.find((row) => row.check === "calls")?.todo).toBe(
        `${calls.length} of ${calls.length} calls answer as the portal reads them`,
      );
    },
  );

  it("fails the row of a call whose 200 the portal cannot read, naming the fields", async () => {
    const run = deps({
      wrapFetch: (inner) => async (input, init) => {
        const request = new Request(input, init);
        if (new URL(request.url).pathname.endsWith("/sessions/v1.0"))
          return Response.json({ data: [{ id: "70001", startedAt: 5 }], links: { next: null } });
        return inner(request);
      },
    });
    expect(await platformCheckCommand([], run.commandDeps)).toBe(1);
    expect(rowsOf(run.out, "BLOCKER")).toEqual([
      expect.stringMatching(
        /^sessions\.list\s+BLOCKER\s+the portal cannot read the answer \(status 200\) \(fields data\.0\.status, data\.0\.startedAt\): charging sessions.* fails/,
      ),
    ]);
  });

  it("on the built-in emulator (no PLATFORM_BASE_URL) warns that no platform was checked", async () => {
    const run = deps({ embedded: true });
    expect(await platformCheckCommand([], run.commandDeps)).toBe(0);
    expect(rowsOf(run.out, "WARNING")).toEqual([
      expect.stringMatching(/^credentials\s+WARNING\s+the built-in platform emulator answered .*PLATFORM_BASE_URL/),
    ]);
    expect(text(run.out)).not.toMatch(/All checks passed\./);
  });

  it("names each problem of a misconfigured tenant in one line and exits 1", async () => {
    const run = deps({
      key: READ_ONLY,
      userGroupId: 999,
      settings: {
        partners: [{ id: 1116, name: "Portal", createUsers: true, addUserBalance: false }],
        sunsetPaths: ["/sessions/v1\\.0$"],
        pageModeOnly: true,
      },
    });
    expect(await platformCheckCommand([], run.commandDeps)).toBe(1);
    const blockers = rowsOf(run.out, "BLOCKER");
    const expectOne = (pattern: RegExp) => expect(blockers.filter((line) => pattern.test(line))).toHaveLength(1);
    expectOne(/^users\.create\s.*403: sign-up and staff creating drivers will not work/);
    expectOne(/^idTags\.create\s.*403: adding cards will not work/);
    expectOne(/^userGroups\.get\s.*PLATFORM_USER_GROUP_ID 999 does not exist/);
    expectOne(/^partners\.get\s.*lacks options\.addUserBalance/);
    expectOne(/^deprecation\s.*GET \/public-api\/resources\/sessions\/v1\.0 announces Sunset/);
    expectOne(/^paging\s.*page mode/);
    expect(text(run.out)).toMatch(/not ready to go live/);
  });

  it("says clearly that a platform does not answer, without a stack trace (exit 1)", async () => {
    const port = await closedPort();
    const run = deps({ baseUrl: `http://127.0.0.1:${port}`, fetch });
    expect(await platformCheckCommand([], run.commandDeps)).toBe(1);
    expect(rowsOf(run.out, "BLOCKER")).toEqual([
      expect.stringMatching(
        new RegExp(`^platform answers\\s+BLOCKER\\s+http://127\\.0\\.0\\.1:${port}: no connection \\(ECONNREFUSED\\)`),
      ),
    ]);
    expect(text([...run.out, ...run.err])).not.toMatch(/\n\s+at /);
  });

  it("refuses unknown flags and --yes without --write (exit 2)", async () => {
    const run = deps();
    expect(await platformCheckCommand(["--wirte"], run.commandDeps)).toBe(2);
    expect(await platformCheckCommand(["--yes"], run.commandDeps)).toBe(2);
    expect(text(run.err)).toMatch(/Unknown option --wirte/);
  });
});

describe("platform:check --write", () => {
  it("with --yes: creates a user, adds and pauses a tag, reads both back, disables the user (exit 0)", async () => {
    const run = deps();
    expect(await platformCheckCommand(["--write", "--yes"], run.commandDeps)).toBe(0);
    for (const step of ["create user", "add tag", "pause tag", "read back", "disable user"])
      expect(text(run.out)).toMatch(new RegExp(`^write: ${step}\\s+ok\\s`, "m"));
    const state = await run.state();
    const user = state.users.find((u) => u.email.startsWith("platform-check-"));
    expect(user).toBeDefined();
    expect(state.tokens.filter((t) => t.userId === user!.id).map((t) => t.status)).toEqual(["inactive"]);
    const read = await run.emulator.handle(
      new Request(`${BASE}/public-api/resources/users/v1.1/${user!.id}`, {
        headers: { authorization: `Bearer ${KEY}` },
      }),
    );
    expect(((await read.json()) as { data: { status: string } }).data.status).toBe("disabled");
  });

  it("asks first: a no writes nothing (exit 2); without a terminal and without --yes it does not run (exit 2)", async () => {
    const asked: string[] = [];
    const declined = deps({
      confirm: async (question) => {
        asked.push(question);
        return false;
      },
    });
    expect(await platformCheckCommand(["--write"], declined.commandDeps)).toBe(2);
    expect(asked).toEqual([expect.stringMatching(/creates a user and a tag on https:\/\/tenant\.check\.test/)]);
    expect((await declined.state()).users.some((u) => u.email.startsWith("platform-check-"))).toBe(false);

    const headless = deps();
    expect(await platformCheckCommand(["--write"], headless.commandDeps)).toBe(2);
    expect(text(headless.err)).toMatch(/add --yes/);
  });

  it("in the contract dialect says the user cannot be disabled there, naming it", async () => {
    const run = deps({ dialect: "contract" });
    expect(await platformCheckCommand(["--write", "--yes"], run.commandDeps)).toBe(0);
    expect(text(run.out)).toMatch(
      /^write: disable user\s+WARNING\s+the contract cannot disable a user: disable user \d+/m,
    );
  });
});
