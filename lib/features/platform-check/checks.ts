import "server-only";
import type { MapDataClient } from "@/lib/features/map";
import { mapKeyRefusal } from "@/lib/features/map";
import { CredentialsRefused, createCheckHttp, type Answer, type CheckHttp, type CheckTarget } from "./http";
import { probesOf, type Probe, type SampleIds } from "./probes";

/** `npm run platform:check`: read-only checks for go-live; a blocker exits 1. One problem a line, as a to-do list. */
export type CheckResult = "ok" | "info" | "warning" | "blocker";

export interface CheckRow {
  check: string;
  result: CheckResult;
  todo: string;
}

const ok = (check: string, todo: string): CheckRow => ({ check, result: "ok", todo });
const info = (check: string, todo: string): CheckRow => ({ check, result: "info", todo });
const warning = (check: string, todo: string): CheckRow => ({ check, result: "warning", todo });
const blocker = (check: string, todo: string): CheckRow => ({ check, result: "blocker", todo });

const USERS = "/public-api/resources/users/v1.1";
const MAX_SKEW_MS = 60_000;
const PAGING_WALK_LIMIT = 5;

/** The first record's id of a list answer, if it has one. */
function firstId(answer: Answer): number | null {
  const data = (answer.body as { data?: Array<{ id?: unknown }> } | null)?.data;
  const id = Number(data?.[0]?.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const listQuery = (dialect: CheckTarget["dialect"]): Record<string, string> =>
  dialect === "ampeco" ? { cursor: "", per_page: "1" } : { per_page: "1" };

export async function runPlatformChecks(
  target: CheckTarget,
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

  const samples = await sampleIds(target, http, first);
  rows.push(...(await checkEndpoints(probesOf(target, samples), http)));
  rows.push(...(await checkTenantRecords(target, http)));
  rows.push(await checkPaging(target, http));
  rows.push(...headerChecks(http.answers, target.now()));
  return rows;
}

async function sampleIds(target: CheckTarget, http: CheckHttp, users: Answer): Promise<SampleIds> {
  const cards = target.dialect === "ampeco" ? "/public-api/resources/id-tags/v2.0" : null;
  const tags = cards ? await http.call("GET", cards, { query: listQuery(target.dialect) }) : null;
  const points =
    target.dialect === "ampeco"
      ? await http.call("GET", "/public-api/resources/charge-points/v2.0", { query: listQuery("ampeco") })
      : null;
  return {
    userId: firstId(users),
    tagId: tags ? firstId(tags) : null,
    chargePointId: points ? firstId(points) : null,
  };
}

async function checkEndpoints(probes: Probe[], http: CheckHttp): Promise<CheckRow[]> {
  const rows: CheckRow[] = [];
  let answering = 0;
  for (const probe of probes) {
    if (probe.path === null) {
      rows.push(info(probe.name, `not tried: ${probe.skipped}`));
      continue;
    }
    const answer = await http.call(probe.method, probe.path, { query: probe.query, body: probe.body });
    if (answer.status !== null && probe.withRights.includes(answer.status)) {
      answering += 1;
    } else if (answer.status === 403) {
      rows.push(
        blocker(probe.name, `403: ${probe.feature} will not work. Give the token's admin the right to use it.`),
      );
    } else {
      const got = answer.status === null ? answer.failure : `status ${answer.status}`;
      rows.push(
        warning(probe.name, `answered ${got}, not ${probe.withRights.join(" or ")}: ${probe.feature} may fail`),
      );
    }
  }
  rows.unshift(ok("endpoints", `${answering} of ${probes.filter((p) => p.path !== null).length} answer with rights`));
  return rows;
}

interface PartnerBody {
  data?: { options?: { createUsers?: boolean; addUserBalance?: boolean } };
}

async function checkTenantRecords(target: CheckTarget, http: CheckHttp): Promise<CheckRow[]> {
  if (target.dialect === "spec")
    return [
      info(
        "partner",
        `the contract has no partner read: PLATFORM_PARTNER_ID ${target.partnerId} is only tried by a sign-up`,
      ),
      info(
        "user group",
        `the contract has no group read: PLATFORM_USER_GROUP_ID ${target.userGroupId} is only tried by a sign-up`,
      ),
    ];
  const rows: CheckRow[] = [];
  const partner = await http.call("GET", `/public-api/resources/partners/v2.0/${target.partnerId}`);
  if (partner.status === 404) {
    rows.push(
      blocker("partner", `PLATFORM_PARTNER_ID ${target.partnerId} does not exist on the platform: sign-ups fail`),
    );
  } else if (partner.status !== 200) {
    rows.push(warning("partner", `partner ${target.partnerId} could not be read (status ${partner.status ?? "none"})`));
  } else {
    const options = (partner.body as PartnerBody | null)?.data?.options ?? {};
    if (options.createUsers !== true)
      rows.push(blocker("partner", `partner ${target.partnerId} lacks options.createUsers: sign-ups fail`));
    if (options.addUserBalance !== true)
      rows.push(
        blocker(
          "partner",
          `partner ${target.partnerId} lacks options.addUserBalance: drivers see "Balance not available"`,
        ),
      );
    if (options.createUsers === true && options.addUserBalance === true)
      rows.push(ok("partner", `${target.partnerId} exists, with createUsers and addUserBalance`));
  }
  const group = await http.call("GET", `/public-api/resources/user-groups/v1.0/${target.userGroupId}`);
  if (group.status === 200) rows.push(ok("user group", `${target.userGroupId} exists`));
  else if (group.status === 404)
    rows.push(blocker("user group", `PLATFORM_USER_GROUP_ID ${target.userGroupId} does not exist: sign-ups fail`));
  else
    rows.push(
      warning("user group", `group ${target.userGroupId} could not be read (status ${group.status ?? "none"})`),
    );
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
