import "server-only";
import type { PlatformClient } from "@/lib/platform/client";
import type { MapDataClient } from "@/lib/features/map";
import { checkMapData, runPlatformChecks, type CheckRow } from "./checks";
import type { CheckTarget } from "./http";
import type { CallbackCheckDeps } from "./callback-rows";
import { runWriteRoundTrip } from "./round-trip";
import { checkReport, exitCodeOf, formatCheckTable, summaryOf } from "./table";

/** The command with its surroundings passed in (tests use emulators). Exit: 0 ready, 1 a blocker, 2 could not run. */
export const USAGE = `Usage: npm run platform:check [-- [--json] [--write [--yes]]]

Checks the platform and map data settings of this portal (the same configuration it starts with):
one row per platform call the portal makes, each through the portal's own client, and the tenant's
records its settings name. Read-only by default. --write adds a round trip: it creates a user in the
configured group, adds and pauses a tag, reads both back, then disables the user. It asks first
unless --yes is given. --json prints the rows as JSON (ready, exitCode, summary, rows) for automation.
Exit code: 0 ready, 1 a blocker was found, 2 the check could not run as asked.`;

export interface CheckCommandDeps {
  target: CheckTarget;
  map: { client: MapDataClient; embedded: boolean };
  /** The portal's own client, for the write round trip (the read-only rows build their own, without retries). */
  platform: () => PlatformClient;
  /** The callbacks' rows (the subscription record, the public URL); left out, they are not checked. */
  callbacks?: CallbackCheckDeps;
  out: (text: string) => void;
  err: (text: string) => void;
  /** null: no terminal to ask in. */
  confirm: ((question: string) => Promise<boolean>) | null;
}

export async function platformCheckCommand(argv: readonly string[], deps: CheckCommandDeps): Promise<0 | 1 | 2> {
  const flags = new Set(argv);
  const unknown = [...flags].filter((f) => !["--write", "--yes", "--json", "--help", "-h"].includes(f));
  if (flags.has("--help") || flags.has("-h")) {
    deps.out(USAGE);
    return 0;
  }
  if (unknown.length > 0 || (flags.has("--yes") && !flags.has("--write"))) {
    deps.err(`${unknown.length > 0 ? `Unknown option ${unknown.join(" ")}.` : "--yes goes with --write."}\n\n${USAGE}`);
    return 2;
  }

  const rows: CheckRow[] = await runPlatformChecks(deps.target, deps.callbacks);
  rows.push(await checkMapData(deps.map.client, deps.map.embedded));

  let declined = false;
  if (flags.has("--write")) {
    const origin = new URL(deps.target.baseUrl).origin;
    if (exitCodeOf(rows) === 1) {
      rows.push({ check: "write", result: "info", todo: "round trip not run: fix the blockers first" });
    } else if (!flags.has("--yes") && deps.confirm === null) {
      deps.err("--write asks before it writes; without a terminal to ask in, add --yes.");
      return 2;
    } else if (
      flags.has("--yes") ||
      (await deps.confirm!(
        `This creates a user and a tag on ${origin} (${deps.target.dialect} dialect), then disables the user. Continue? [y/N] `,
      ))
    ) {
      rows.push(...(await runWriteRoundTrip(deps.platform())));
    } else {
      declined = true;
      rows.push({ check: "write", result: "info", todo: "round trip declined: nothing was written" });
    }
  }

  if (flags.has("--json")) deps.out(checkReport(rows));
  else {
    deps.out(formatCheckTable(rows));
    deps.out("");
    deps.out(summaryOf(rows));
  }
  if (declined) return 2;
  return exitCodeOf(rows);
}
