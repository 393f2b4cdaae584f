import "server-only";
import type { MapDataClient } from "@/lib/features/map";
import { mapKeyRefusal } from "@/lib/features/map";
import { callbackRows, NO_CALLBACKS_ROW, type CallbackCheckDeps } from "./callback-rows";
import { checkCalls, checkClient } from "./calls";
import { CredentialsRefused, createCheckHttp, type Answer, type CheckHttp, type CheckTarget } from "./http";
import { invoicePdfRow, NO_LEDGER_ROW } from "./invoice-pdf-row";
import { contractTenantRows } from "./probes/tenant";
import type { CheckRow } from "./table";

/** `npm run platform:check`: read-only checks for go-live; a blocker exits 1. One problem a line, as a to-do list. */
export type { CheckResult, CheckRow } from "./table";

const ok = (check: string, todo: string): CheckRow => ({ check, result: "ok", todo });
const info = (check: string, todo: string): CheckRow => ({ check, result: "info", todo });
const warning = (check: string, todo: string): CheckRow => ({ check, result: "warning", todo });
const blocker = (check: string, todo: string): CheckRow => ({ check, result: "blocker", todo });

const USERS = "/public-api/resources/users/v1.1";
const MAX_SKEW_MS = 60_000;
const PAGING_WALK_LIMIT = 5;

const listQuery = (dialect: CheckTarget["dialect"]): Record<string, string> =>
  dialect === "ampeco" ? { cursor: "", per_page: "1" } : { per_page: "1" };

/** `callbacks` left out: the webhook key, the subscription and the self-test are not checked. */
export async function runPlatformChecks(
  target: CheckTarget,
  callbacks?: CallbackCheckDeps,
  http: CheckHttp = createCheckHttp(target),
): Promise<CheckRow[]> {
  const rows: CheckRow[] = [];
  const origin = new URL(target.baseUrl).origin;
  let first: Answer;
  try {
    first = await http.call("GET", USERS, { query: listQuery(target.dialect) });
  } catch (error) {
    if (error instanceof CredentialsRefused)
      return [
        blocker("credentials", `${error.reason}: check PLATFORM_OAUTH_CLIENT_ID and PLATFORM_OAUTH_CLIENT_SECRET`),
      ];
    throw error;
  }
  if (first.status === null)
    return [blocker("platform answers", `${origin}: ${first.failure}. Check PLATFORM_BASE_URL and the network.`)];
  if (first.status === 401)
    return [blocker("credentials", "401: the platform refuses the key. Check PLATFORM_API_KEY (or the OAuth client).")];
  rows.push(
    target.embedded
      ? warning(
          "credentials",
          `the built-in platform emulator answered (${target.dialect} dialect), not a platform: set PLATFORM_BASE_URL and PLATFORM_API_KEY`,
        )
      : ok("credentials", `accepted by ${origin} (${target.dialect} dialect)`),
  );

  const platform = checkClient(target, http);
  const calls = await checkCalls(target, platform);
  rows.push(...calls.rows);
  // The rows that are not one call: what the contract cannot tell, the invoice's file, the callbacks.
  if (!platform.tenant) rows.push(...contractTenantRows(target));
  rows.push(platform.money ? await invoicePdfRow(platform, calls.samples, origin) : NO_LEDGER_ROW);
  if (!platform.notifications) rows.push(NO_CALLBACKS_ROW);
  else if (callbacks) rows.push(...(await callbackRows(platform, calls.samples, callbacks)));
  rows.push(await checkPaging(target, http));
  rows.push(...headerChecks(http.answers, target.now()));
  return rows;
}

interface ListBody {
  data?: unknown[];
  links?: { next?: string | null };
  meta?: { next_cursor?: unknown; current_page?: unknown };
}

/** The walk the portal does: cursor pages by `links.next` (ampeco), `page` (the contract), until the end. */
async function checkPaging(target: CheckTarget, http: CheckHttp): Promise<CheckRow> {
  const query: Record<string, string> =
    target.dialect === "ampeco" ? { cursor: "", per_page: "100" } : { page: "1", per_page: "100" };
  let answer = await http.call("GET", USERS, { query });
  const body = answer.body as ListBody | null;
  if (
    target.dialect === "ampeco" &&
    (body?.meta?.current_page !== undefined || !body?.meta || !("next_cursor" in body.meta))
  )
    return blocker(
      "paging",
      "the platform answers `cursor=` in page mode: its cursor paging is missing (page mode is deprecated)",
    );
  const seen = new Set<string>();
  for (let pages = 1; pages <= PAGING_WALK_LIMIT; pages++) {
    const next = (answer.body as ListBody | null)?.links?.next;
    if (next === null || next === undefined || next === "")
      return ok("paging", `walks and stops after ${pages} page(s)`);
    if (seen.has(next)) return blocker("paging", "links.next repeats an earlier page: the walk would not end");
    seen.add(next);
    const url = new URL(next, target.baseUrl);
    answer = await http.call("GET", url.pathname.replace(new URL(target.baseUrl).pathname.replace(/\/+$/, ""), ""), {
      query: Object.fromEntries(url.searchParams),
    });
    if (answer.status !== 200) return warning("paging", `page ${pages + 1} answered status ${answer.status ?? "none"}`);
  }
  return ok("paging", `walks (${PAGING_WALK_LIMIT} pages followed by links.next, each new)`);
}

/** Deprecation and Sunset on any endpoint the portal uses, the rate-limit headers, and the clock. */
function headerChecks(answers: Answer[], nowMs: number): CheckRow[] {
  const rows: CheckRow[] = [];
  const announced = new Map<string, string>();
  for (const answer of answers) {
    const sunset = answer.headers.get("sunset");
    const deprecation = answer.headers.get("deprecation");
    if (sunset || deprecation)
      announced.set(`${answer.method} ${answer.path}`, sunset ? `Sunset ${sunset}` : `Deprecation ${deprecation}`);
  }
  for (const [call, what] of announced)
    rows.push(blocker("deprecation", `${call} announces ${what}: move to its successor before then`));
  if (announced.size === 0) rows.push(ok("deprecation", "no Deprecation or Sunset header on any endpoint called"));

  const withLimit = [...answers].reverse().find((a) => a.headers.get("x-ratelimit-limit") !== null);
  if (withLimit)
    rows.push(
      info(
        "rate limit",
        `X-RateLimit-Limit ${withLimit.headers.get("x-ratelimit-limit")}, X-RateLimit-Remaining ${withLimit.headers.get("x-ratelimit-remaining") ?? "?"}`,
      ),
    );
  else
    rows.push(warning("rate limit", "no X-RateLimit-* headers: the portal can only wait when a 429 says Retry-After"));

  const dated = answers.find((a) => a.headers.get("date") !== null);
  const platformMs = dated ? Date.parse(dated.headers.get("date") ?? "") : Number.NaN;
  if (Number.isNaN(platformMs)) rows.push(warning("clock", "the platform sends no Date header: skew unknown"));
  else {
    const skew = Math.round((nowMs - platformMs) / 1000);
    const line = `this machine is ${Math.abs(skew)} s ${skew >= 0 ? "ahead of" : "behind"} the platform`;
    rows.push(Math.abs(nowMs - platformMs) > MAX_SKEW_MS ? warning("clock", `${line}: set up NTP`) : ok("clock", line));
  }
  return rows;
}

/** The map data API: the key and its reference data (embedded: the built-in map data emulator). */
export async function checkMapData(client: MapDataClient, embedded: boolean): Promise<CheckRow> {
  const where = embedded ? "built-in map data emulator (demo data; set MAP_API_KEY for live data)" : "MAP_API_KEY";
  try {
    const reference = await client.getReferenceData();
    return (embedded ? info : ok)(
      "map data",
      `${where}: reference data with ${reference.ConnectionTypes.length} connection types, ${reference.Operators.length} operators`,
    );
  } catch (error) {
    const refused = mapKeyRefusal(error);
    if (refused)
      return blocker("map data", `${where} is refused (status ${refused.status ?? "none"}): check MAP_API_KEY`);
    const reason = error instanceof Error ? error.message : "unknown error";
    return blocker("map data", `reference data could not be read: ${reason}`);
  }
}
