import {
  collectPlatformRequestLog,
  expect,
  readCollectedRequestLog,
  test,
  type CollectedLogLine,
  type RequestLogEntry,
} from "./fixtures";

/**
 * Issue 13: on the real platform's dialect the client sends nothing of the contract's. Project
 * "ampeco-request-log" runs this after every ampeco journey (it depends on project "ampeco"), against
 * the same portal, over the whole request log of its emulator: the journeys collected it test by test
 * (fixtures.ts, the emulator keeps only its newest 500 calls), and this file adds what came after.
 * The log holds every call to the platform API: the portal's, and the tests' own setup calls as a
 * second client, which speak the dialect too.
 *
 * What is the contract's:
 * - a `page` query parameter (the real lists page by cursor; `per_page` and `cursor` are the real API's);
 * - a `tokens/v1.0` path (cards are id-tags v2.0), or an `email` or `password-reset` sub-resource (the
 *   real platform changes the e-mail by PATCH users/v1.1/{id} and mails no reset link);
 * - a `visualNumber` or `userGroupId` body field (the real names are `idLabel` and `userGroupIds`);
 * - a `code` body field anywhere but the voucher redemption. The real redeem-voucher action takes
 *   `{code}` (ampeco-openapi-subset.json, platform-real-api-facts.md §5), so `code` is legitimate there
 *   and nowhere else: a card's code is `idTagUid` in an id-tag body, and no other real body has `code`.
 */
const REDEEM_VOUCHER = /^\/public-api\/actions\/users\/v2\.0\/\d+\/redeem-voucher$/;

function contractLeftovers(entry: RequestLogEntry): string[] {
  const found: string[] = [];
  if (new URLSearchParams(entry.query).has("page")) found.push(`page query ${entry.query}`);
  if (/\/tokens\/v1\.0(\/|$)/.test(entry.path)) found.push("tokens/v1.0 path");
  if (/\/email(\/|$)/.test(entry.path)) found.push("e-mail sub-resource");
  if (/\/password-reset(\/|$)/.test(entry.path)) found.push("password-reset sub-resource");
  const keys = entry.bodyKeys ?? [];
  for (const key of ["visualNumber", "userGroupId"]) if (keys.includes(key)) found.push(`body field ${key}`);
  if (keys.includes("code") && !(entry.method === "POST" && REDEEM_VOUCHER.test(entry.path)))
    found.push("body field code outside the voucher redemption");
  return found;
}

const call = (method: string, path: string, query = "", bodyKeys?: string[]): RequestLogEntry => ({
  method,
  path,
  query,
  status: 200,
  at: "2026-01-01T00:00:00.000Z",
  ...(bodyKeys ? { bodyKeys } : {}),
});

/**
 * Every call the whole set of journeys made on the ampeco dialect (PLATFORM_DIALECT=ampeco), recorded when the
 * ampeco project still ran them all: method, path with ids as {id}, query keys, body keys and status. The project
 * now runs the @ampeco journeys only (playwright.config.ts), which must still make each of these calls. Issue 36's
 * places changed them: a session's place is its location read by id (not a charge point's, which answered 404). The
 * own sites' walk runs on its own timer, so whether a run sees it depends on time: it is not listed. Issue 37 keeps a place
 * the portal read for five minutes, so the refused-reads journey finds every place kept and its refused location read
 * (403) no longer reaches the platform: not listed either (a failed place read: tests/integration/sessions/location.test.ts).
 */
const CALLS_OF_ALL_JOURNEYS = [
  "GET /public-api/actions/users/v2.0/{id}/export-all-private-data → 200",
  "GET /public-api/resources/charge-points/v2.0/{id} → 200",
  "GET /public-api/resources/id-tags/v2.0?cursor&filter[idTagUid]&per_page → 200",
  "GET /public-api/resources/id-tags/v2.0?cursor&filter[userId]&per_page → 200",
  "GET /public-api/resources/locations/v2.0/{id} → 200",
  "GET /public-api/resources/sessions/v1.0/{id} → 200",
  "GET /public-api/resources/sessions/v1.0?cursor&filter[startedAfter]&filter[startedBefore]&filter[status]&filter[userId]&per_page → 200",
  "GET /public-api/resources/sessions/v1.0?cursor&filter[startedAfter]&filter[startedBefore]&filter[userId]&per_page → 200",
  "GET /public-api/resources/sessions/v1.0?cursor&filter[startedAfter]&filter[status]&filter[userId]&per_page → 200",
  "GET /public-api/resources/sessions/v1.0?cursor&filter[startedAfter]&filter[userId]&per_page → 200",
  "GET /public-api/resources/sessions/v1.0?cursor&filter[startedBefore]&filter[status]&filter[userId]&per_page → 200",
  "GET /public-api/resources/sessions/v1.0?cursor&filter[startedBefore]&filter[userId]&per_page → 200",
  "GET /public-api/resources/sessions/v1.0?cursor&filter[status]&filter[userId]&per_page → 200",
  "GET /public-api/resources/sessions/v1.0?cursor&filter[userId]&per_page → 200",
  "GET /public-api/resources/users/v1.0/{id}/invoice-details → 200",
  "GET /public-api/resources/users/v1.1/{id} → 200",
  "GET /public-api/resources/users/v1.1/{id} → 404",
  "GET /public-api/resources/users/v1.1/{id} → 503",
  "GET /public-api/resources/users/v1.1?cursor&filter[email]&per_page → 200",
  "PATCH /public-api/resources/id-tags/v2.0/{id} {idLabel, status, userId} → 200",
  "PATCH /public-api/resources/id-tags/v2.0/{id} {status} → 200",
  "PATCH /public-api/resources/id-tags/v2.0/{id} {userId} → 200",
  "PATCH /public-api/resources/id-tags/v2.0/{id} {userId} → 503",
  "PATCH /public-api/resources/users/v1.1/{id} {city} → 200",
  "PATCH /public-api/resources/users/v1.1/{id} {country} → 200",
  "PATCH /public-api/resources/users/v1.1/{id} {email} → 200",
  "PATCH /public-api/resources/users/v1.1/{id} {email} → 422",
  "PATCH /public-api/resources/users/v1.1/{id} {password} → 200",
  "PATCH /public-api/resources/users/v1.1/{id} {phone} → 200",
  "PATCH /public-api/resources/users/v1.1/{id} {requirePasswordReset} → 200",
  "POST /public-api/actions/users/v2.0/{id}/redeem-voucher {code} → 202",
  "POST /public-api/actions/users/v2.0/{id}/redeem-voucher {code} → 404",
  "POST /public-api/actions/users/v2.0/{id}/redeem-voucher {code} → 406",
  "POST /public-api/actions/users/v2.0/{id}/redeem-voucher {code} → 422",
  "POST /public-api/actions/users/v2.0/{id}/redeem-voucher {code} → 429",
  "POST /public-api/resources/id-tags/v2.0 {idLabel, idTagUid, status, type, userId} → 201",
  "POST /public-api/resources/id-tags/v2.0 {idLabel, idTagUid, status, type} → 201",
  "POST /public-api/resources/users/v1.0/{id}/invoice-details {address, city, companyName, companyRegNo, companyTaxAdministrationOfficeName, companyTaxId, country, individualName, individualPersonalId, individualTaxId, invoiceType, postCode, region, requireInvoice} → 200",
  "POST /public-api/resources/users/v1.1 {address, city, country, email, first_name, last_name, partnerId, password, phone, post_code, userGroupIds} → 201",
  "POST /public-api/resources/users/v1.1 {country, email, first_name, last_name, partnerId, password, userGroupIds} → 201",
];

/** A call as CALLS_OF_ALL_JOURNEYS writes it. */
function callOf(entry: RequestLogEntry): string {
  const path = entry.path.replace(/\/\d+(?=\/|$)/g, "/{id}");
  const query = [...new Set(new URLSearchParams(entry.query).keys())].sort().join("&");
  const body = [...(entry.bodyKeys ?? [])].sort().join(", ");
  return `${entry.method} ${path}${query ? `?${query}` : ""}${body ? ` {${body}}` : ""} → ${entry.status}`;
}

test("the check names every call of the contract dialect, and none of the real API's", () => {
  const users = "/public-api/resources/users";
  const contract = [
    call("GET", `${users}/v1.1`, "?filter%5Bemail%5D=a%40b.nl&page=2&per_page=25"),
    call("GET", "/public-api/resources/sessions/v1.0", "?page=1"),
    call("POST", "/public-api/resources/tokens/v1.0", "", ["userId", "code", "visualNumber", "status"]),
    call("PATCH", "/public-api/resources/tokens/v1.0/2001", "", ["status"]),
    call("PATCH", `${users}/v1.0/1001/email`, "", ["email"]),
    call("POST", `${users}/v1.0/1001/password-reset`),
    call("POST", `${users}/v1.1`, "", ["email", "password", "partnerId", "userGroupId"]),
    call("PATCH", "/public-api/resources/id-tags/v2.0/2001", "", ["code"]),
  ];
  for (const entry of contract) expect(contractLeftovers(entry), JSON.stringify(entry)).not.toEqual([]);

  const real = [
    call("GET", `${users}/v1.1`, "?filter%5Bemail%5D=a%40b.nl&cursor=&per_page=10"),
    call("GET", "/public-api/resources/locations/v2.0", "?cursor=eyJvZmZzZXQiOjEwMH0&per_page=100"),
    call("POST", "/public-api/resources/id-tags/v2.0", "", ["idTagUid", "idLabel", "status", "type", "userId"]),
    call("PATCH", `${users}/v1.1/1001`, "", ["email"]),
    call("PATCH", `${users}/v1.1/1001`, "", ["requirePasswordReset"]),
    call("POST", `${users}/v1.1`, "", ["email", "password", "partnerId", "userGroupIds"]),
    call("POST", "/public-api/actions/users/v2.0/1001/redeem-voucher", "", ["code"]),
  ];
  for (const entry of real) expect(contractLeftovers(entry), JSON.stringify(entry)).toEqual([]);
});

test("after the ampeco journeys, the emulator's whole request log holds nothing of the contract dialect", async ({
  request,
}) => {
  const file = test.info().project.metadata.requestLogFile as string;
  await collectPlatformRequestLog(request, file, "the request-log check");
  const lines: CollectedLogLine[] = readCollectedRequestLog(file);
  expect(lines.filter((line) => "gap" in line)).toEqual([]);
  const log = lines.filter((line): line is RequestLogEntry => !("gap" in line));

  // The journeys ran and used what differs between the dialects, so the check below has something to see.
  const seen = (method: string, path: RegExp, test: (entry: RequestLogEntry) => boolean = () => true) =>
    log.some((entry) => entry.method === method && path.test(entry.path) && test(entry));
  const has = (key: string) => (entry: RequestLogEntry) => entry.bodyKeys?.includes(key) ?? false;
  expect({
    "users created with userGroupIds": seen("POST", /\/users\/v1\.1$/, has("userGroupIds")),
    "an e-mail changed by PATCH": seen("PATCH", /\/users\/v1\.1\/\d+$/, has("email")),
    "a card added as an id tag": seen("POST", /\/id-tags\/v2\.0$/, has("idTagUid")),
    "a card blocked as an id tag": seen("PATCH", /\/id-tags\/v2\.0\/\d+$/, has("status")),
    "a voucher redeemed": seen("POST", REDEEM_VOUCHER, has("code")),
    "sessions paged by cursor": seen("GET", /\/sessions\/v1\.0$/, (e) => new URLSearchParams(e.query).has("cursor")),
  }).toEqual({
    "users created with userGroupIds": true,
    "an e-mail changed by PATCH": true,
    "a card added as an id tag": true,
    "a card blocked as an id tag": true,
    "a voucher redeemed": true,
    "sessions paged by cursor": true,
  });

  // The @ampeco journeys make every call that all journeys made.
  const made = new Set(log.map(callOf));
  expect(CALLS_OF_ALL_JOURNEYS.filter((call) => !made.has(call))).toEqual([]);

  const leftovers = log.flatMap((entry) =>
    contractLeftovers(entry).map((what) => `${what}: ${entry.method} ${entry.path}${entry.query} at ${entry.at}`),
  );
  expect(leftovers, `${log.length} calls checked`).toEqual([]);
});
