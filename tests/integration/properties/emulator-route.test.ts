import fc from "fast-check";
import { describe } from "vitest";
import * as emulatorBridge from "@/app/api/emulator/[...path]/route";
import {
  anyText,
  driverSideViewer,
  emailValue,
  idValue,
  queryArb,
  requestHeadersArb,
  toRequestUrl,
  usv,
  voucherCodeValue,
} from "./arbitraries";
import { TEST_DIALECT } from "../../support/platform-dialect";
import { propertyTest } from "./checks";
import {
  expectRouteOutcome,
  exportedHandlers,
  finishRun,
  PLATFORM_KEY,
  type RouteHandler,
  startRun,
  world,
} from "./harness";

/**
 * The demo bridge /api/emulator/[...path] hands anything to the in-process emulator: platform
 * paths (with and without the key) and its control API. Random paths, methods, headers and bodies
 * must get an answer below 500. The known routes and plausible bodies are those of the dialect
 * under test (PLATFORM_TEST_DIALECT): the contract's, or the real AMPECO API's.
 */
const segment = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "public-api",
      "resources",
      "actions",
      "users",
      "v1.0",
      "v1.1",
      "v2.0",
      "tokens",
      "sessions",
      "locations",
      "redeem-voucher",
      "password-reset",
      "email",
      "id-tags",
      "charge-points",
      "evses",
      "connectors",
      "change-status",
      "export-all-private-data",
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom("__emulator", "faults", "vouchers", "reset", "state", "outbox", "stop") },
  { weight: 2, arbitrary: idValue },
  { weight: 2, arbitrary: anyText.map(usv) },
  { weight: 1, arbitrary: fc.constantFrom("", ".", "..", "%2F", "a/b", "\\", "?", "#") },
);
/** The platform routes of the contract with the method each one answers. */
const CONTRACT_ROUTES: [string, string[]][] = [
  ["GET", ["public-api", "resources", "users", "v1.1"]],
  ["POST", ["public-api", "resources", "users", "v1.1"]],
  ["GET", ["public-api", "resources", "users", "v1.1", "1001"]],
  ["PATCH", ["public-api", "resources", "users", "v1.1", "1001"]],
  ["PATCH", ["public-api", "resources", "users", "v1.0", "1001", "email"]],
  ["POST", ["public-api", "resources", "users", "v1.0", "1002", "password-reset"]],
  ["GET", ["public-api", "resources", "tokens", "v1.0"]],
  ["POST", ["public-api", "resources", "tokens", "v1.0"]],
  ["GET", ["public-api", "resources", "tokens", "v1.0", "2001"]],
  ["PATCH", ["public-api", "resources", "tokens", "v1.0", "2001"]],
  ["GET", ["public-api", "resources", "sessions", "v1.0"]],
  ["GET", ["public-api", "resources", "sessions", "v1.0", "70001"]],
  ["GET", ["public-api", "resources", "locations", "v2.0"]],
  ["GET", ["public-api", "resources", "locations", "v2.0", "1"]],
  ["POST", ["public-api", "actions", "users", "v2.0", "1001", "redeem-voucher"]],
];
/** The platform routes of the real AMPECO API (ampeco-openapi-subset.json). */
const AMPECO_ROUTES: [string, string[]][] = [
  ["GET", ["public-api", "resources", "users", "v1.1"]],
  ["POST", ["public-api", "resources", "users", "v1.1"]],
  ["GET", ["public-api", "resources", "users", "v1.1", "1001"]],
  ["PATCH", ["public-api", "resources", "users", "v1.1", "1001"]],
  ["GET", ["public-api", "resources", "id-tags", "v2.0"]],
  ["POST", ["public-api", "resources", "id-tags", "v2.0"]],
  ["GET", ["public-api", "resources", "id-tags", "v2.0", "2001"]],
  ["PATCH", ["public-api", "resources", "id-tags", "v2.0", "2001"]],
  ["DELETE", ["public-api", "resources", "id-tags", "v2.0", "2001"]],
  ["GET", ["public-api", "resources", "sessions", "v1.0"]],
  ["GET", ["public-api", "resources", "sessions", "v1.0", "70001"]],
  ["GET", ["public-api", "resources", "locations", "v2.0"]],
  ["GET", ["public-api", "resources", "locations", "v2.0", "501"]],
  ["GET", ["public-api", "resources", "charge-points", "v2.0"]],
  ["GET", ["public-api", "resources", "charge-points", "v2.0", "5010"]],
  ["GET", ["public-api", "resources", "charge-points", "v2.0", "5010", "evses"]],
  ["POST", ["public-api", "actions", "users", "v1.0", "1001", "change-status"]],
  ["GET", ["public-api", "actions", "users", "v2.0", "1001", "export-all-private-data"]],
  ["POST", ["public-api", "actions", "users", "v2.0", "1001", "redeem-voucher"]],
  ["GET", ["public-api", "resources", "transactions", "v1.0"]],
  ["GET", ["public-api", "resources", "transactions", "v1.0", "40001"]],
  ["GET", ["public-api", "resources", "invoices", "v1.0"]],
  ["GET", ["public-api", "resources", "invoices", "v1.0", "9001"]],
  ["GET", ["public-api", "resources", "users", "v1.0", "1001", "invoice-details"]],
  ["POST", ["public-api", "resources", "users", "v1.0", "1001", "invoice-details"]],
];
/** The emulator's routes with the method each one answers: the dialect's platform routes and the control API. */
const KNOWN_ROUTES: [string, string[]][] = [
  ...(TEST_DIALECT === "ampeco" ? AMPECO_ROUTES : CONTRACT_ROUTES),
  ["GET", ["__emulator", "state"]],
  ["GET", ["__emulator", "faults"]],
  ["PUT", ["__emulator", "faults"]],
  ["DELETE", ["__emulator", "faults"]],
  ["POST", ["__emulator", "vouchers"]],
  ["GET", ["__emulator", "outbox"]],
  ["POST", ["__emulator", "users", "1001", "sessions"]],
  ["POST", ["__emulator", "sessions", "70001", "stop"]],
  ["POST", ["__emulator", "reset"]],
];
const knownPath = fc.constantFrom(...KNOWN_ROUTES.map(([, p]) => p));
const pathArb = fc.oneof(
  { weight: 2, arbitrary: knownPath },
  // A known path with one segment swapped for something random.
  {
    weight: 2,
    arbitrary: fc
      .tuple(knownPath, fc.nat(), segment)
      .map(([p, i, s]) => p.map((part, j) => (j === i % p.length ? s : part))),
  },
  { weight: 1, arbitrary: fc.array(segment, { minLength: 1, maxLength: 7 }) },
);

const plausibleBody = fc.oneof(
  fc.record(
    {
      email: emailValue,
      password: fc.string({ maxLength: 20 }),
      first_name: anyText,
      last_name: anyText,
      country: fc.constantFrom("NL", "nl", "XX", ""),
      post_code: anyText,
      partnerId: fc.oneof(fc.integer(), fc.constant(1116)),
      userGroupId: fc.oneof(fc.integer(), fc.constant(257)),
      userGroupIds: fc.array(fc.integer(), { maxLength: 3 }),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      userId: fc.oneof(fc.constant(1001), fc.integer(), anyText),
      code: fc.oneof(voucherCodeValue, anyText),
      visualNumber: anyText,
      type: fc.constantFrom("rfid", "app", "x"),
      status: fc.constantFrom("active", "blocked", "inactive", "x"),
    },
    { requiredKeys: [] },
  ),
  // AMPECO's id tags, user flags and status change.
  fc.record(
    {
      userId: fc.oneof(fc.constant(1002), fc.integer(), anyText),
      idTagUid: fc.oneof(fc.constantFrom("04A1B2C3D4E5F6", "04NEW0001"), anyText),
      idLabel: fc.oneof(anyText, fc.constant(null)),
      type: fc.constantFrom("rfid", "mac_address", "emaid", "x"),
      status: fc.constantFrom("enabled", "disabled", "suspended", "x"),
      requirePasswordReset: fc.oneof(fc.boolean(), anyText),
      reason: anyText,
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      code: voucherCodeValue,
      amount: fc.oneof(fc.double(), fc.integer()),
      currency: fc.constantFrom("EUR", "eur", "XXXX"),
      status: fc.constantFrom("valid", "used", "x"),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      count: fc.integer({ min: -5, max: 600 }),
      running: fc.boolean(),
      startedAt: fc.oneof(
        fc.date().map((d) => (Number.isNaN(d.getTime()) ? "x" : d.toISOString())),
        anyText,
      ),
      energy: fc.integer(),
    },
    { requiredKeys: [] },
  ),
  // Fault bodies: the emulator's own control API; a 5xx it was told to inject would be by design,
  // so rules here only ask for 4xx answers (faults are cleared after every run).
  fc.record(
    {
      latencyMs: fc.constantFrom(0, 1, -1),
      errorRate: fc.constantFrom(0, -1, 2),
      rules: fc.array(
        fc.record({
          path: fc.oneof(fc.constantFrom("users", "(a+)+$", "["), anyText),
          status: fc.integer({ min: 400, max: 499 }),
        }),
        { maxLength: 2 },
      ),
    },
    { requiredKeys: [] },
  ),
);
const bodyArb: fc.Arbitrary<string | Uint8Array | undefined> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: plausibleBody.map((b) => JSON.stringify(b)) },
  { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  { weight: 2, arbitrary: anyText },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 512 }) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 256 * 1024 - 12, max: 300 * 1024 }).map((n) => `{"a":"${"x".repeat(n)}"}`),
  },
);
const authorization = fc.option(
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(`Bearer ${PLATFORM_KEY}`) },
    fc.constantFrom(
      `Bearer ${PLATFORM_KEY}`,
      "Bearer demo-readonly-key",
      `bearer ${PLATFORM_KEY}`,
      "Bearer ",
      "Basic Zm9vOmJhcg==",
      `Bearer ${PLATFORM_KEY} extra`,
    ),
    fc.string({ unit: "grapheme-ascii", maxLength: 40 }).map((s) => `Bearer ${s.trim()}`),
  ),
  { nil: undefined, freq: 4 },
);

const handlers = new Map(exportedHandlers(emulatorBridge));
const methods = [...handlers.keys()];
/** Method and path: a known route as it is meant to be called, or any method on any path. */
const requestLine: fc.Arbitrary<[string, string[]]> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...KNOWN_ROUTES.filter(([m]) => handlers.has(m as never))) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom<string>(...methods), pathArb) },
);

/**
 * The bridge answers loopback clients only (tests/integration/demo/emulator-bridge.test.ts): most
 * runs come from this machine, so that the emulator behind it is fuzzed too.
 */
const callerHeaders = fc
  .tuple(
    requestHeadersArb,
    fc.oneof(
      { weight: 4, arbitrary: fc.constant("127.0.0.1") },
      { weight: 1, arbitrary: fc.oneof(fc.ipV4(), fc.ipV6()) },
    ),
  )
  .map(([headers, address]) => ({ ...headers, "x-forwarded-for": address }));

describe("emulator bridge: 4xx for nonsense, never a 500", () => {
  propertyTest(
    `${methods.join("/")} app/api/emulator/[...path]/route.ts`,
    [requestLine, queryArb, bodyArb, callerHeaders, authorization, driverSideViewer],
    async ([method, path], query, body, headers, auth, viewer) => {
      await startRun({ viewer, headers });
      const requestHeaders = new Headers(headers);
      if (auth !== undefined) requestHeaders.set("authorization", auth);
      const pathname = `/api/emulator/${path.map((p) => encodeURIComponent(p)).join("/")}`;
      const request = new Request(toRequestUrl(pathname, query), {
        method,
        headers: requestHeaders,
        body:
          method === "GET" || body === undefined
            ? undefined
            : typeof body === "string"
              ? body
              : new Blob([new Uint8Array(body)]),
      });
      try {
        await expectRouteOutcome(
          () => (handlers.get(method as never) as RouteHandler)(request, { params: Promise.resolve({ path }) }),
          `emulator ${method}`,
        );
      } finally {
        // Faults and resets only live for one run.
        await world.emulator!.handle(
          new Request("http://platform-emulator.internal/__emulator/faults", { method: "DELETE" }),
        );
      }
      await finishRun();
    },
  );
});
