import { createServer, type AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createMapEmulator } from "@/emulators/map";
import { createPlatformEmulator, type EmulatorSettingsInput, type PlatformEmulator } from "@/emulators/platform";
import { createMapDataClient } from "@/lib/features/map/ocm-client";
import { createPlatformClient } from "@/lib/platform/client";
import { platformCheckCommand, type CheckCommandDeps } from "@/lib/features/platform-check/command";

/** `platform:check` against emulators: well configured in both dialects, misconfigured, and gone. */
const KEY = "check-key";
const READ_ONLY = "check-read-only-key";
const BASE = "https://tenant.check.test";
const MAP_KEY = "check-map-key";

type Dialect = "spec" | "ampeco";

function emulatorFetch(emulator: PlatformEmulator): typeof fetch {
  return (input, init) => emulator.handle(new Request(input, init));
}

function deps(
  options: {
    dialect?: Dialect;
    settings?: EmulatorSettingsInput;
    key?: string;
    userGroupId?: number;
    fetch?: typeof fetch;
    baseUrl?: string;
    confirm?: CheckCommandDeps["confirm"];
    embedded?: boolean;
  } = {},
) {
  const dialect = options.dialect ?? "ampeco";
  const emulator = createPlatformEmulator({
    dialect,
    apiKey: KEY,
    readOnlyKey: READ_ONLY,
    voucherDelayMs: 0,
    seedLocations: true,
    settings: options.settings,
  });
  const fetchImpl = options.fetch ?? emulatorFetch(emulator);
  const baseUrl = options.baseUrl ?? BASE;
  const map = createMapEmulator({ apiKey: MAP_KEY });
  const out: string[] = [];
  const err: string[] = [];
  const platform = createPlatformClient({
    dialect,
    baseUrl,
    apiKey: options.key ?? KEY,
    fetch: fetchImpl,
    timeoutMs: 2_000,
    maxRetries: 0,
    retryCapMs: 100,
    partnerId: 1116,
    userGroupId: options.userGroupId ?? 257,
    logger: () => undefined,
  });
  const commandDeps: CheckCommandDeps = {
    target: {
      dialect,
      baseUrl,
      apiKey: options.key ?? KEY,
      partnerId: 1116,
      userGroupId: options.userGroupId ?? 257,
      fetch: fetchImpl,
      timeoutMs: 2_000,
      now: Date.now,
      embedded: options.embedded,
    },
    map: {
      embedded: true,
      client: createMapDataClient({
        baseUrl: "http://map.check.test",
        apiKey: MAP_KEY,
        fetch: (input, init) => map.handle(new Request(input, init)),
      }),
    },
    platform: () => platform,
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    confirm: options.confirm ?? null,
  };
  const state = async () =>
    (await (await emulator.handle(new Request(`${BASE}/__emulator/state`))).json()) as {
      users: Array<{ id: number; email: string; status?: string }>;
      tokens: Array<{ id: number; userId: number | null; code: string; status: string }>;
    };
  return { commandDeps, out, err, state, emulator };
}

/** A loopback port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const text = (lines: string[]) => lines.join("\n");
const rowsOf = (lines: string[], result: string) =>
  text(lines)
    .split("\n")
    .filter((line) => new RegExp(`^\\S.*\\s${result}\\s`).test(line));

describe("platform:check, read-only", () => {
  it.each<Dialect>(["ampeco", "spec"])(
    "is all green against the emulator in the %s dialect (exit 0)",
    async (dialect) => {
      const run = deps({ dialect });
      expect(await platformCheckCommand([], run.commandDeps)).toBe(0);
      expect(rowsOf(run.out, "BLOCKER")).toEqual([]);
      expect(rowsOf(run.out, "WARNING")).toEqual([]);
      expect(text(run.out)).toMatch(/All checks passed\./);
      expect(text(run.out)).toMatch(/^credentials\s+ok\s+accepted by https:\/\/tenant\.check\.test/m);
      expect(text(run.out)).toMatch(/^map data\s+info\s+built-in map data emulator/m);
      if (dialect === "spec") expect(text(run.out)).toMatch(/^partner\s+info\s+the contract has no partner read/m);
      else expect(text(run.out)).toMatch(/^partner\s+ok\s+1116 exists, with createUsers and addUserBalance/m);
    },
  );

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
    expectOne(/^user group\s.*PLATFORM_USER_GROUP_ID 999 does not exist/);
    expectOne(/^partner\s.*lacks options\.addUserBalance/);
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

  it("in the spec dialect says the user cannot be disabled there, naming it", async () => {
    const run = deps({ dialect: "spec" });
    expect(await platformCheckCommand(["--write", "--yes"], run.commandDeps)).toBe(0);
    expect(text(run.out)).toMatch(
      /^write: disable user\s+WARNING\s+the contract cannot disable a user: disable user \d+/m,
    );
  });
});
