import fc from "fast-check";
import { it } from "vitest";
import type { Viewer } from "@/lib/core/auth/viewer";
import { type FormEntry, inputsOf, requestHeadersArb, toFormData, toRequestUrl } from "./arbitraries";
import {
  expectActionOutcome,
  expectRouteOutcome,
  exportedHandlers,
  finishRun,
  NUM_RUNS,
  PROPERTY_TIMEOUT_MS,
  REPLAY,
  startRun,
  world,
} from "./harness";

/**
 * The shapes of the properties: a test file names what it fuzzes (an action, a route module) and
 * with which random input; these turn that into tests. The faked request context and the world
 * come from ./setup.ts, the checks of one run from ./harness.ts.
 */

/** One property, one test: "<title> × NUM_RUNS", NUM_RUNS random runs, PROPERTY_TIMEOUT_MS. */
export function propertyTest<Ts extends [unknown, ...unknown[]]>(
  title: string,
  arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
  run: (...values: Ts) => Promise<void>,
): void {
  it(
    `${title} × ${NUM_RUNS}`,
    async () => {
      await fc.assert(fc.asyncProperty<Ts>(...arbitraries, run), { numRuns: NUM_RUNS, ...REPLAY });
    },
    PROPERTY_TIMEOUT_MS,
  );
}

// ---------------------------------------------------------------- server actions

/** What a form's useActionState starts with. */
export const IDLE_STATE = { status: "idle" } as const;

export type AnyAction = (...args: never[]) => Promise<unknown>;

/** A server action and the random input it is called with. */
export interface ActionProperty {
  /** The action's export name: the test's title and the outcome tally's key. */
  name: string;
  action: AnyAction;
  /** The submitted form, passed last as FormData; null for an action that takes no form. */
  form: fc.Arbitrary<FormEntry[]> | null;
  /** Who is signed in. */
  viewer: fc.Arbitrary<Viewer | null>;
  /** The previous state, passed before the form: IDLE_STATE unless given. */
  previousState?: fc.Arbitrary<unknown>;
  /**
   * An id the page binds as the first argument (`action.bind(null, id)`): it came from the browser
   * too, so it is random as well, and quoting it back is not a leak.
   */
  boundId?: fc.Arbitrary<unknown>;
  /** With boundId: false draws and quotes the id but does not pass it (the action binds nothing). Default true. */
  bound?: boolean;
  /** Request headers; none unless given. */
  headers?: fc.Arbitrary<Record<string, string>>;
  /** Forget the abuse counters before some runs (see startRun), so that valid input reaches the platform. */
  freshLimits?: boolean;
  /** Start the emulator again from its seed before some runs: for actions that use things up (blocking, redeeming). */
  reseed?: boolean;
  /** Form fields holding a secret: never echoed back. */
  secretFields?: readonly string[];
}

/**
 * "Only validation errors, never a crash": the action resolves to an ActionResult a form can render,
 * or throws Next's redirect/notFound to this site (expectActionOutcome), and each run ends clean (finishRun).
 */
export function checkActionProperty(p: ActionProperty): void {
  const input = fc.record({
    boundId: p.boundId ?? fc.constant(undefined),
    previous: p.previousState ?? fc.constant<unknown>(IDLE_STATE),
    form: p.form ?? fc.constant<FormEntry[]>([]),
    headers: p.headers ?? fc.constant(undefined),
    viewer: p.viewer,
    freshLimits: p.freshLimits ? fc.boolean() : fc.constant(false),
    reseed: p.reseed ? fc.boolean() : fc.constant(false),
  });
  const passBoundId = p.boundId !== undefined && p.bound !== false;
  propertyTest(p.name, [input], async ({ boundId, previous, form, headers, viewer, freshLimits, reseed }) => {
    if (reseed) world.emulator!.reset();
    await startRun({ viewer, headers, freshLimits });
    await expectActionOutcome(
      () =>
        (p.action as (...args: unknown[]) => Promise<unknown>)(
          ...(passBoundId ? [boundId] : []),
          previous,
          ...(p.form ? [toFormData(form)] : []),
        ),
      {
        inputs: [...inputsOf(form), ...(p.boundId ? [JSON.stringify(boundId) ?? ""] : [])],
        secretFields: p.secretFields,
        tally: p.name,
      },
    );
    await finishRun();
  });
  if (p.form) checkMalformedPayload({ ...p, form: p.form });
}

/** Fewer runs than NUM_RUNS: most cases end before any platform call, and 1 MB forms are costly. */
export const MALFORMED_RUNS = 60;

/**
 * What a crafted request can make React decode in place of the form: not a form at all (any JSON
 * value, nothing), a form with a 1 MB field, or a form whose every field comes twice, once as a file.
 */
function malformedPayload(form: fc.Arbitrary<FormEntry[]>): fc.Arbitrary<unknown> {
  const MEGABYTE = "x".repeat(1 << 20);
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc.constantFrom<unknown>(
        undefined,
        null,
        "",
        "email=driver@example.com",
        42,
        true,
        [],
        {},
        { email: "driver@example.com" },
        new Blob(["form"]),
      ),
    },
    { weight: 1, arbitrary: fc.jsonValue() },
    {
      weight: 1,
      arbitrary: form.map((entries) =>
        toFormData([...entries.map(([name]): FormEntry => [name, MEGABYTE]), ["huge", MEGABYTE]]),
      ),
    },
    {
      weight: 2,
      arbitrary: form.map((entries) =>
        toFormData([...entries, ...entries.map(([name]): FormEntry => [name, { file: "\u0000" }])]),
      ),
    },
  );
}

/** "A malformed payload is a clear answer, never a crash": one property per action that takes a form. */
function checkMalformedPayload(p: ActionProperty & { form: fc.Arbitrary<FormEntry[]> }): void {
  const input = fc.record({
    boundId: p.boundId ?? fc.constant(undefined),
    previous: fc.oneof(fc.constant<unknown>(IDLE_STATE), fc.jsonValue()),
    payload: malformedPayload(p.form),
    viewer: p.viewer,
  });
  const passBoundId = p.boundId !== undefined && p.bound !== false;
  it(
    `${p.name} with a malformed payload × ${MALFORMED_RUNS}`,
    async () => {
      await fc.assert(
        fc.asyncProperty(input, async ({ boundId, previous, payload, viewer }) => {
          await startRun({ viewer });
          await expectActionOutcome(
            () =>
              (p.action as (...args: unknown[]) => Promise<unknown>)(
                ...(passBoundId ? [boundId] : []),
                previous,
                payload,
              ),
            {
              // The user's own words may be quoted back (see checkActionProperty).
              inputs:
                payload instanceof FormData
                  ? [...payload.entries()].flatMap(([name, value]) => [name, typeof value === "string" ? value : ""])
                  : [],
              secretFields: p.secretFields,
              tally: `${p.name} (malformed)`,
            },
          );
          await finishRun();
        }),
        { numRuns: MALFORMED_RUNS, ...REPLAY },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
}

// ---------------------------------------------------------------- route handlers

/** A route module and the random requests its handlers get (any request headers, see requestHeadersArb). */
export interface RouteProperty {
  /** The route file, as the inventory names it: part of the test's title. */
  file: string;
  module: Record<string, unknown>;
  /** The request path for these path parameters. */
  pathname: (params: Record<string, string>) => string;
  query: fc.Arbitrary<string>;
  /** The path parameters Next hands the handler: `fc.constant({})` for a route without any. */
  params: fc.Arbitrary<Record<string, string>>;
  /** Who is signed in. */
  viewer: fc.Arbitrary<Viewer | null>;
  /** The outcome tally's key after the method: the file unless given. */
  tally?: string;
  /** A request body (POST handlers); none unless given. */
  body?: fc.Arbitrary<string>;
}

/** A route without path parameters: its file is `app<path>/route.ts`. */
export function plainRoute(
  module: Record<string, unknown>,
  path: string,
  query: fc.Arbitrary<string>,
): Omit<RouteProperty, "viewer"> {
  return { file: `app${path}/route.ts`, module, pathname: () => path, query, params: fc.constant({}) };
}

/** "Never a 500, never a throw": one test for each HTTP method the module exports (expectRouteOutcome). */
export function checkRouteProperty(r: RouteProperty): void {
  for (const [method, handler] of exportedHandlers(r.module)) {
    propertyTest(
      `${method} ${r.file}`,
      [r.query, r.params, requestHeadersArb, r.viewer, r.body ?? fc.constant(undefined)],
      async (query, params, headers, viewer, body) => {
        await startRun({ viewer, headers });
        const request = new Request(toRequestUrl(r.pathname(params), query), { method, headers, body });
        await expectRouteOutcome(
          () => handler(request, { params: Promise.resolve(params) }),
          `${method} ${r.tally ?? r.file}`,
        );
        await finishRun();
      },
    );
  }
}
