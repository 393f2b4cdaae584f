import { expect, vi } from "vitest";
import type { Viewer } from "@/lib/core/auth/viewer";
import type { OpenedDatabase } from "@/lib/core/db/connect";
import { rateLimitCounters, users } from "@/lib/core/db/schema";
import {
  createPlatformEmulator,
  DEMO_DRIVER_EMAIL,
  DEMO_DRIVER_ID,
  SECOND_DRIVER_EMAIL,
  SECOND_DRIVER_ID,
  type PlatformEmulator,
} from "@/emulators/platform";
import { captureLogs } from "../../support/log-capture";
import { TEST_DIALECT } from "../../support/platform-dialect";
import { installTestDatabase, removeTestDatabase } from "../../support/app-db";

/**
 * Property-based robustness tests ("Quality gates"): the real server actions and route handlers,
 * fed with random input, against the in-process platform emulator and a fresh test database
 * (PGlite, or Postgres with DATABASE_URL). Only Next's request context is faked.
 *
 * Random inputs live in ./arbitraries.ts, the shapes of the properties in ./checks.ts. ./setup.ts,
 * the set-up file of the vitest project "properties" (vitest.config.mts), mocks six modules with
 * the objects below (next/headers, next/server, next/cache, next/navigation, @/lib/core/auth/viewer, @/lib/core/auth) and
 * sets up and tears down the world (setUpWorld/tearDownWorld) around every test file there.
 */

/**
 * 1,000 runs per property in the main pass; the repeated passes (the ampeco dialect, Postgres) set
 * PROPERTY_RUNS lower (vitest.config.mts). fast-check prints the seed and path of a failure; set
 * PROPERTY_SEED (and PROPERTY_PATH) to replay it.
 */
export const NUM_RUNS = positiveInteger(process.env.PROPERTY_RUNS) ?? 1000;
export const REPLAY: { seed?: number; path?: string } = {
  ...(process.env.PROPERTY_SEED ? { seed: Number(process.env.PROPERTY_SEED) } : {}),
  ...(process.env.PROPERTY_PATH ? { path: process.env.PROPERTY_PATH } : {}),
};

function positiveInteger(value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`PROPERTY_RUNS must be a positive integer, not ${value}`);
  return n;
}
/**
 * A hang detector, not a speed check (the bench checks speed): 1,000 runs of a download property took 180 s on two
 * cores shared with two browser suites, so a property may take ten minutes before it counts as stuck.
 */
export const PROPERTY_TIMEOUT_MS = 600_000;
export const PLATFORM_KEY = "demo-key";

// ---------------------------------------------------------------- the faked request context

/** What Next's redirect()/notFound() throw, made recognisable: the only throws an action may make. */
export class NextControlFlow extends Error {
  readonly digest: string;
  constructor(
    readonly kind: "redirect" | "notFound",
    readonly location: string | null = null,
  ) {
    super(kind === "redirect" ? `NEXT_REDIRECT ${location}` : "NEXT_NOT_FOUND");
    this.name = "NextControlFlow";
    this.digest = kind === "redirect" ? `NEXT_REDIRECT;replace;${location};307;` : "NEXT_HTTP_ERROR_FALLBACK;404";
  }
}

export interface SignInCall {
  provider: string;
  options: Record<string, unknown> | undefined;
}

export const world = {
  viewer: null as Viewer | null,
  headers: new Headers(),
  signInCalls: [] as SignInCall[],
  /** Work an action left for after its response (Next's after()): run once the action has answered. */
  afterTasks: [] as (() => unknown)[],
  logs: [] as { level: string; text: string }[],
  unhandled: [] as unknown[],
  emulator: null as PlatformEmulator | null,
  db: null as OpenedDatabase | null,
  /** Outcomes per property (PROPS_STATS=1 prints them), to see that valid input reached the platform. */
  tally: {} as Record<string, Record<string, number>>,
};

export function count(property: string, outcome: string): void {
  const row = (world.tally[property] ??= {});
  row[outcome] = (row[outcome] ?? 0) + 1;
}

export const nextNavigationMock = {
  redirect: (location: string): never => {
    throw new NextControlFlow("redirect", location);
  },
  permanentRedirect: (location: string): never => {
    throw new NextControlFlow("redirect", location);
  },
  notFound: (): never => {
    throw new NextControlFlow("notFound");
  },
};

export const nextHeadersMock = {
  headers: async () => world.headers,
  cookies: async () => {
    const jar = new Map<string, string>();
    return {
      get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      has: (name: string) => jar.has(name),
      set: (name: string, value: string) => void jar.set(name, value),
      delete: (name: string) => void jar.delete(name),
    };
  },
};

export const nextCacheMock = {
  refresh: () => undefined,
  revalidatePath: () => undefined,
  revalidateTag: () => undefined,
  updateTag: () => undefined,
  unstable_noStore: () => undefined,
};

export const nextServerMock = {
  after: (task: (() => unknown) | Promise<unknown>) =>
    void world.afterTasks.push(typeof task === "function" ? task : () => task),
};

export const viewerMock = { getViewer: async () => world.viewer };

/** Auth.js as Next runs it in a server action: signIn stores and mails a link, then throws a redirect. */
export const authMock = {
  signIn: async (provider: string, options?: Record<string, unknown>) => {
    world.signInCalls.push({ provider, options });
    if (options?.redirect === false) return "http://localhost/check-your-email";
    return nextNavigationMock.redirect("/check-your-email");
  },
  issueSignInLink: async (email: string, redirectTo: string) => {
    world.signInCalls.push({ provider: "nodemailer", options: { email, redirectTo } });
  },
  signOut: async () => nextNavigationMock.redirect("/"),
  auth: async () => null,
  handlers: {
    GET: async () => new Response(null, { status: 404 }),
    POST: async () => new Response(null, { status: 404 }),
  },
};

// ---------------------------------------------------------------- people

export const VIEWERS = {
  driver: {
    userId: "prop-driver",
    email: DEMO_DRIVER_EMAIL,
    name: "Demi Driver",
    role: "driver",
    platformUserId: DEMO_DRIVER_ID,
  },
  secondDriver: {
    userId: "prop-second",
    email: SECOND_DRIVER_EMAIL,
    name: "Sam Second",
    role: "driver",
    platformUserId: SECOND_DRIVER_ID,
  },
  /** A portal account the platform has never heard of: linking fails, so 403. */
  unlinkedDriver: {
    userId: "prop-unlinked",
    email: "unlinked@example.com",
    name: null,
    role: "driver",
    platformUserId: null,
  },
  /** Linked to a platform user that no longer exists: every platform read is a 404. */
  goneDriver: { userId: "prop-gone", email: "gone@example.com", name: null, role: "driver", platformUserId: 987_654 },
  support: {
    userId: "prop-support",
    email: "support@example.com",
    name: "Sam Support",
    role: "support",
    platformUserId: null,
  },
  admin: { userId: "prop-admin", email: "admin@example.com", name: "Ada Admin", role: "admin", platformUserId: null },
} satisfies Record<string, Viewer>;

// ---------------------------------------------------------------- set-up per file and per run

const globals = globalThis as unknown as Record<string, unknown>;

function formatLogArgument(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}\n${value.stack ?? ""}`;
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function onUnhandledRejection(reason: unknown) {
  world.unhandled.push(reason);
}

/**
 * beforeAll: embedded defaults (built-in platform emulator preset here so nothing is written under
 * .data/, built-in map emulator), quiet logs, a fresh test database with the viewers' accounts, and
 * every console line captured so that runs can check what was logged.
 */
let logCapture: ReturnType<typeof captureLogs> | undefined;

export async function setUpWorld(): Promise<void> {
  for (const name of [
    "PLATFORM_BASE_URL",
    "PLATFORM_API_KEY",
    "MAP_API_KEY",
    "MAP_BASE_URL",
    "SMTP_URL",
    "AUTH_URL",
    "ADMIN_EMAILS",
    "MAP_PUBLIC",
    "EMULATOR_DIALECT",
  ]) {
    delete process.env[name];
  }
  process.env.LOG_LEVEL = "warn";
  // Every run asks from one address: the map's per-client limit would answer most of them 429 (tested elsewhere).
  process.env.LIMIT_MAP_PER_CLIENT_PER_MINUTE = "1000000";
  // The portal's client and the built-in emulator speak the dialect under test (PLATFORM_TEST_DIALECT).
  process.env.PLATFORM_DIALECT = TEST_DIALECT;
  for (const name of ["__driverPortalConfig", "__driverPortalPlatform", "__driverPortalMapService"])
    globals[name] = undefined;

  world.emulator = createPlatformEmulator({
    dialect: TEST_DIALECT,
    apiKey: PLATFORM_KEY,
    readOnlyKey: "demo-readonly-key",
    voucherDelayMs: 0,
    // Thousands of calls a minute are the point here; the emulator's own limiter is tested elsewhere.
    rateLimit: { limit: 1_000_000, windowMs: 60_000 },
  });
  globals.__driverPortalPlatformEmulator = world.emulator;

  for (const level of ["error", "warn", "info", "log", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      world.logs.push({ level, text: args.map(formatLogArgument).join(" ") });
    });
  }
  // The server logger (lib/core/log.ts) writes JSON lines: they land in the same list, whole.
  logCapture = captureLogs("warn", ({ level, text }) => world.logs.push({ level, text }));
  process.on("unhandledRejection", onUnhandledRejection);

  world.db = await installTestDatabase();
  await world.db.db.insert(users).values(
    Object.values(VIEWERS).map((v) => ({
      id: v.userId,
      email: v.email,
      name: v.name,
      role: v.role,
      platformUserId: v.platformUserId,
    })),
  );
}

export async function tearDownWorld(): Promise<void> {
  if (process.env.PROPS_STATS)
    process.stdout.write(`\n[properties] outcomes ${JSON.stringify(world.tally, null, 1)}\n`);
  process.off("unhandledRejection", onUnhandledRejection);
  vi.restoreAllMocks();
  logCapture?.restore();
  await removeTestDatabase(world.db ?? undefined);
  world.db = null;
  delete process.env.PLATFORM_DIALECT;
  for (const name of [
    "__driverPortalPlatformEmulator",
    "__driverPortalPlatform",
    "__driverPortalMapService",
    "__driverPortalConfig",
  ])
    globals[name] = undefined;
}

export interface RunContext {
  viewer: Viewer | null;
  headers?: Record<string, string>;
  /** Forget the abuse counters first, so that valid input reaches the platform instead of the limiter. */
  freshLimits?: boolean;
}

/** Before one run: who is signed in, what the request headers say, a clean log. */
export async function startRun(context: RunContext): Promise<void> {
  world.viewer = context.viewer;
  world.headers = new Headers(context.headers ?? {});
  world.signInCalls.length = 0;
  world.afterTasks.length = 0;
  world.logs.length = 0;
  if (context.freshLimits) await world.db!.db.delete(rateLimitCounters);
}

/**
 * After one run: let any stray promise settle, then no unhandled rejection, no platform key in any
 * log line, and no programming error (TypeError…, an emulator 500) hidden behind a polite message.
 */
const PROGRAMMING_ERROR = /\b(TypeError|RangeError|ReferenceError|SyntaxError|URIError|unexpected error)\b/;

export async function finishRun(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  expect(world.unhandled, "unhandled rejections").toEqual([]);
  // expect() only for a line that fails: it costs more than the check, thousands of times a file.
  for (const line of world.logs) {
    if (line.text.includes(PLATFORM_KEY))
      expect(line.text, "a log line carries the platform key").not.toContain(PLATFORM_KEY);
    if ((line.level === "error" || line.level === "warn") && PROGRAMMING_ERROR.test(line.text))
      expect(line.text, "a programming error was logged").not.toMatch(PROGRAMMING_ERROR);
  }
}

// ---------------------------------------------------------------- checking outcomes

const USER_FACING_LEAKS = [
  "undefined",
  "[object Object]",
  "NaN",
  PLATFORM_KEY,
  "Platform call", // the client's internal error text, written for logs
  "TypeError",
  "ReferenceError",
  "RangeError",
  "SyntaxError",
  "ZodError",
  "NEXT_REDIRECT",
];
const STACK_FRAME = /\n\s+at\s|\bat\s[^\s]+\s\(?[^\s]*:\d+:\d+\)?/;

function checkUserText(text: unknown, where: string, inputs: readonly string[]): void {
  expect(typeof text, `${where} is not a string`).toBe("string");
  const message = text as string;
  expect(message.trim().length, `${where} is empty`).toBeGreaterThan(0);
  expect(message, `${where} contains a stack trace`).not.toMatch(STACK_FRAME);
  for (const leak of USER_FACING_LEAKS) {
    // Words the user typed may be quoted back ("x@undefined.nl is already used…"); anything else is a leak.
    // The inputs (up to a megabyte each) are searched only for a leak the message shows.
    if (!message.includes(leak) || inputs.some((i) => i.toLowerCase().includes(leak.toLowerCase()))) continue;
    expect(message, `${where} shows "${leak}"`).not.toContain(leak);
  }
}

/**
 * An ActionResult a form can render: "ok" | "invalid" | "error" with plain-word messages,
 * field errors as lists of strings, echoed values as strings (never the password).
 */
export interface ActionCheck {
  /** What the user typed: quoting it back is fine, whatever it contains. */
  inputs?: readonly string[];
  /** Fields of the form that hold a secret (the app password): never echoed back. */
  secretFields?: readonly string[];
  /** Count the outcome under this name (see PROPS_STATS). */
  tally?: string;
}

export function expectActionResult(result: unknown, { inputs = [], secretFields = [] }: ActionCheck = {}): void {
  expect(result, "the action resolved to nothing").toBeTypeOf("object");
  expect(result).not.toBeNull();
  const r = result as Record<string, unknown>;
  expect(["ok", "invalid", "error"], `unexpected status ${String(r.status)}`).toContain(r.status);
  if (r.message !== undefined || r.status === "error") checkUserText(r.message, "message", inputs);
  if (r.status === "invalid") {
    expect(r.fieldErrors, "invalid without fieldErrors").toBeTypeOf("object");
    const entries = Object.entries(r.fieldErrors as Record<string, unknown>);
    expect(entries.length > 0 || typeof r.message === "string", "invalid, but nothing says what").toBe(true);
    for (const [field, messages] of entries) {
      expect(Array.isArray(messages), `fieldErrors.${field} is not a list`).toBe(true);
      expect((messages as unknown[]).length, `fieldErrors.${field} is empty`).toBeGreaterThan(0);
      for (const m of messages as unknown[]) checkUserText(m, `fieldErrors.${field}`, inputs);
    }
  }
  if (r.values !== undefined) {
    expect(r.values).toBeTypeOf("object");
    for (const [key, value] of Object.entries(r.values as Record<string, unknown>))
      expect(typeof value, `values.${key}`).toBe("string");
    for (const secret of secretFields)
      expect(Object.keys(r.values as object), `${secret} was echoed back`).not.toContain(secret);
  }
  if (r.retryAfterSeconds !== undefined) {
    expect(Number.isFinite(r.retryAfterSeconds) && (r.retryAfterSeconds as number) > 0, "retryAfterSeconds").toBe(true);
  }
  expect(JSON.stringify(result), "the result carries the platform key").not.toContain(PLATFORM_KEY);
}

/** A redirect target Next may follow: on this site only. */
function expectLocalPath(location: unknown, where: string): void {
  expect(typeof location, where).toBe("string");
  const value = location as string;
  expect(
    value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\"),
    `${where} leaves the site: ${value}`,
  ).toBe(true);
}

/**
 * Runs one server action call: it resolves to an ActionResult or throws Next's redirect/notFound
 * (to a path on this site), nothing else. Sign-in links asked of Auth.js must return to this site.
 */
export async function expectActionOutcome(call: () => Promise<unknown>, check: ActionCheck = {}): Promise<string> {
  let settled: { result: unknown } | { thrown: unknown };
  try {
    settled = { result: await call() };
  } catch (error) {
    settled = { thrown: error };
  }
  for (const task of world.afterTasks.splice(0)) await task();
  let outcome: string;
  if ("result" in settled) {
    expectActionResult(settled.result, check);
    const r = settled.result as { status: string; message?: string };
    outcome =
      r.status === "error"
        ? `error: ${String(r.message)
            .replace(/\S+@\S+/g, "<email>")
            .replace(/\d+/g, "#")
            .slice(0, 60)}`
        : r.status;
  } else {
    const error = settled.thrown;
    if (!(error instanceof NextControlFlow)) {
      throw new Error(
        `the action threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
        { cause: error },
      );
    }
    if (error.kind === "redirect") expectLocalPath(error.location, "redirect");
    outcome = error.kind === "redirect" ? `redirect ${error.location}` : "notFound";
  }
  for (const call of world.signInCalls) {
    if (call.options?.redirectTo !== undefined) expectLocalPath(call.options.redirectTo, "signIn redirectTo");
  }
  if (check.tally) count(check.tally, outcome);
  return outcome;
}

/** A route handler's answer: a Response below 500 whose body can be read to the end. */
export async function expectRouteOutcome(call: () => Promise<unknown>, tally?: string): Promise<number> {
  let response: unknown;
  try {
    response = await call();
  } catch (error) {
    throw new Error(
      `the route handler threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
      { cause: error },
    );
  }
  expect(response, "the route handler did not answer with a Response").toBeInstanceOf(Response);
  const r = response as Response;
  let body: string;
  try {
    body = await r.text();
  } catch (error) {
    throw new Error(
      `the response body failed while streaming (status ${r.status}): ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  expect(r.status, `status ${r.status}: ${body.slice(0, 300)}`).toBeLessThan(500);
  expect(r.status).toBeGreaterThanOrEqual(200);
  expect(body, "the response carries the platform key").not.toContain(PLATFORM_KEY);
  if (tally) count(tally, String(r.status));
  return r.status;
}

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
export type RouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, unknown>> },
) => Promise<Response>;

/** The HTTP method functions a route module exports. */
export function exportedHandlers(module: Record<string, unknown>): [HttpMethod, RouteHandler][] {
  return HTTP_METHODS.filter((m) => typeof module[m] === "function").map((m) => [m, module[m] as RouteHandler]);
}
