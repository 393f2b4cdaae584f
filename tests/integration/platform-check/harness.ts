import { createServer, type AddressInfo } from "node:net";
import { createMapEmulator } from "@/emulators/map";
import { createPlatformEmulator, type EmulatorSettingsInput, type PlatformEmulator } from "@/emulators/platform";
import { createMapDataClient } from "@/lib/features/map/ocm-client";
import { createPlatformClient } from "@/lib/platform/client";
import type { CheckCommandDeps } from "@/lib/features/platform-check/command";

/** `platform:check` against the platform and map data emulators: the command's surroundings, and its output read back. */
export const KEY = "check-key";
export const READ_ONLY = "check-read-only-key";
export const BASE = "https://tenant.check.test";
const MAP_KEY = "check-map-key";

export type Dialect = "contract" | "ampeco";

function emulatorFetch(emulator: PlatformEmulator): typeof fetch {
  return (input, init) => emulator.handle(new Request(input, init));
}

const OAUTH = { clientId: "check-client", clientSecret: "check-client-secret" };

export function checkRun(
  options: {
    dialect?: Dialect;
    settings?: EmulatorSettingsInput;
    key?: string;
    userGroupId?: number;
    currency?: string;
    oauth?: boolean;
    fetch?: typeof fetch;
    /** Wraps the emulator's fetch (a tenant that answers differently). */
    wrapFetch?: (inner: typeof fetch) => typeof fetch;
    baseUrl?: string;
    confirm?: CheckCommandDeps["confirm"];
    embedded?: boolean;
    /** The callbacks' rows (left out: not checked). */
    callbacks?: CheckCommandDeps["callbacks"];
    timeoutMs?: number;
  } = {},
) {
  const dialect = options.dialect ?? "ampeco";
  const emulator = createPlatformEmulator({
    dialect,
    apiKey: KEY,
    readOnlyKey: READ_ONLY,
    voucherDelayMs: 0,
    // Callbacks are sent when a test asks (its flush), not on a timer.
    notificationTickMs: 0,
    seedLocations: true,
    settings: options.settings,
    ...(options.oauth ? { oauthClient: OAUTH } : {}),
  });
  const inner = options.fetch ?? emulatorFetch(emulator);
  const fetchImpl = options.wrapFetch ? options.wrapFetch(inner) : inner;
  const baseUrl = options.baseUrl ?? BASE;
  const map = createMapEmulator({ apiKey: MAP_KEY });
  const out: string[] = [];
  const err: string[] = [];
  const timeoutMs = options.timeoutMs ?? 2_000;
  // As the portal is configured: the OAuth client where one is given (what it subscribes with, too).
  const platform = createPlatformClient({
    dialect,
    baseUrl,
    apiKey: options.oauth ? "" : (options.key ?? KEY),
    ...(options.oauth ? { oauth: OAUTH } : {}),
    fetch: fetchImpl,
    timeoutMs,
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
      apiKey: options.oauth ? "" : (options.key ?? KEY),
      ...(options.oauth ? { oauth: OAUTH } : {}),
      partnerId: 1116,
      userGroupId: options.userGroupId ?? 257,
      currency: options.currency ?? "EUR",
      fetch: fetchImpl,
      timeoutMs,
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
    callbacks: options.callbacks,
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    confirm: options.confirm ?? null,
  };
  const state = async () =>
    (await (await emulator.handle(new Request(`${BASE}/__emulator/state`))).json()) as {
      users: Array<{ id: number; email: string; status?: string }>;
      tokens: Array<{ id: number; userId: number | null; code: string; status: string }>;
    };
  return { commandDeps, out, err, state, emulator, platform };
}

/** A loopback port nothing listens on: one the system just handed out and took back. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const text = (lines: string[]) => lines.join("\n");

/** The printed table's rows (the command run without `--json`), in order: the check and "<result as printed> <todo>". */
export const tableRows = (lines: string[]): Array<[check: string, row: string]> =>
  text(lines)
    .split("\n")
    .flatMap((line) => {
      const match = /^(\S.*?)\s{2,}(ok|info|WARNING|BLOCKER)\s{2,}(.*)$/.exec(line);
      return match ? [[match[1]!, `${match[2]} ${match[3]}`] as [string, string]] : [];
    });
export const rowsOf = (lines: string[], result: string) =>
  text(lines)
    .split("\n")
    .filter((line) => new RegExp(`^\\S.*\\s${result}\\s`).test(line));
