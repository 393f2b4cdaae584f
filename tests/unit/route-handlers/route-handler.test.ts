import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AccessDeniedError } from "@/lib/core/auth/guards";
import { MapUnavailableError } from "@/lib/features/map/errors";
import { CardNotOwnedError } from "@/lib/features/cards/card-errors";
import {
  PlatformForbiddenError,
  PlatformNotFoundError,
  PlatformRateLimitedError,
  PlatformResponseError,
  PlatformUnauthorizedError,
  PlatformUnavailableError,
  PlatformValidationError,
} from "@/lib/platform/errors";
import { platformIdPathParam } from "@/lib/platform/platform-id";
import { RouteError } from "@/lib/core/route-handlers/route-error";
import { ExpectedError } from "@/lib/core/errors";
import { ROUTE_HANDLER, routeHandler } from "@/lib/core/route-handlers/route-handler";
import { captureLogs } from "../../support/log-capture";

const language = vi.hoisted(() => ({ locale: "en" as "en" | "nl" | "de" }));
vi.mock("@/lib/core/auth/current-locale", () => ({ currentLocale: async () => language.locale }));

const request = () => new Request("http://localhost/api/thing/12");
// Catalogue keys, as every route's words are.
const WORDS = { doing: "doing.generic", notFound: "access.driverAccountGone" } as const;

/** A handler whose `run` throws `error`, and its answer. */
async function answerTo(error: unknown) {
  const handler = routeHandler({
    scope: "test",
    words: WORDS,
    access: async () => null,
    run: async () => {
      throw error;
    },
  });
  const response = await handler(request());
  return {
    status: response.status,
    body: (await response.json()) as { error: string },
    retryAfter: response.headers.get("retry-after"),
    cacheControl: response.headers.get("cache-control"),
  };
}

let logs: ReturnType<typeof captureLogs>;
beforeEach(() => {
  logs = captureLogs("debug");
  language.locale = "en";
});
afterEach(() => logs.restore());

describe("routeHandler: one status per error type", () => {
  it.each([
    ["signed out", new AccessDeniedError(401), 401, "Sign in to continue."],
    ["no access", new AccessDeniedError(403), 403, "You do not have access to this."],
    ["a bad parameter", new RouteError(400, "validation.platformId"), 400, "Not a platform id."],
    [
      "a bad parameter, with arguments",
      new RouteError(400, "platformErrors.busy", undefined, { seconds: 1 }),
      400,
      "The charging service is busy. Try again in 1 second.",
    ],
    ["not the caller's", new RouteError(404, "access.notFound"), 404, "This was not found."],
    [
      "a platform 404",
      new PlatformNotFoundError("users.get"),
      404,
      "We could not find your charging account. Please contact support.",
    ],
    [
      "a feature's refusal, by its code",
      new ExpectedError("refused", "accountDeletion.errors.notOpen"),
      409,
      "This request is no longer open: the driver cancelled it or staff closed it.",
    ],
    [
      "a feature's refusal, with arguments",
      new ExpectedError("refused", "accountDeletion.errors.stillInGrace", { due: "1 May" }),
      409,
      "The driver can still cancel this request until 1 May; carry it out from then on.",
    ],
    ["another driver's card", new CardNotOwnedError(7), 404, /not on your account/],
    ["a platform outage", new PlatformUnavailableError("users.get", "timeout"), 503, /did not answer/],
    ["a bad platform answer", new PlatformResponseError("users.get", "bad JSON"), 502, /could not finish this/],
    ["a refused server key", new PlatformUnauthorizedError("users.get"), 502, /could not finish this/],
    ["a key without rights", new PlatformForbiddenError("users.get"), 502, /could not finish this/],
    ["a refused payload", new PlatformValidationError("users.get", { email: ["taken"] }), 502, /could not/],
    ["anything else", new TypeError("x is undefined"), 500, /Something went wrong while we tried to finish this/],
  ] as const)("%s → %i with plain words and no caching", async (_name, error, status, words) => {
    const answer = await answerTo(error);
    expect(answer.status).toBe(status);
    if (typeof words === "string") expect(answer.body).toEqual({ error: words });
    else expect(answer.body.error).toMatch(words);
    expect(answer.cacheControl).toBe("private, no-store");
  });

  it("a rate-limited platform → 429 with the wait in Retry-After and in the words", async () => {
    const answer = await answerTo(new PlatformRateLimitedError("users.get", 12.2));
    expect(answer.status).toBe(429);
    expect(answer.retryAfter).toBe("13");
    expect(answer.body.error).toBe("The charging service is busy. Try again in 13 seconds.");
  });

  it("an unavailable map data service → 503 with its own words and Retry-After", async () => {
    const answer = await answerTo(new MapUnavailableError("rate-limited", "mapErrors.unavailable.rateLimited", 120));
    expect(answer).toMatchObject({
      status: 503,
      body: {
        error: "The map data service is busy right now (fair-use limit reached). Please try again in a few minutes.",
      },
      retryAfter: "120",
    });
  });

  it("a platform 404 without words of its own reads 'not found'", async () => {
    const handler = routeHandler({
      scope: "test",
      words: { doing: "doing.generic" },
      access: async () => null,
      run: async () => {
        throw new PlatformNotFoundError("users.get");
      },
    });
    expect(await (await handler(request())).json()).toEqual({ error: "This was not found." });
  });

  it("answers in the caller's language, with a bad query's field errors as they are", async () => {
    language.locale = "de";
    expect((await answerTo(new AccessDeniedError(401))).body).toEqual({
      error: "Melden Sie sich an, um fortzufahren.",
    });
    language.locale = "nl";
    const fields = { month: ["Kies een maand."] };
    expect((await answerTo(new RouteError(400, "validation.invalid", fields))).body).toEqual({
      error: "Controleer dit veld.",
      fields,
    });
    expect((await answerTo(new TypeError("boom"))).body).toEqual({
      error: "Er ging iets mis bij de poging om dit af te ronden. Probeer het zo nog eens.",
    });
  });

  it("logs server failures, never refusals or bad input, and never the platform's message", async () => {
    await answerTo(new AccessDeniedError(401));
    await answerTo(new RouteError(400, "validation.invalid"));
    await answerTo(new PlatformNotFoundError("users.get", "user jane@example.com not found"));
    expect(logs.lines).toHaveLength(0);
    await answerTo(new PlatformUnavailableError("users.get", "network"));
    await answerTo(new TypeError("boom"));
    expect(logs.lines.map((line) => line.level)).toEqual(["warn", "error"]);
    expect(logs.lines[1]!.text).toContain("/api/thing/12 failed");
  });
});

describe("routeHandler: access and parameters come first", () => {
  it("refuses before parsing parameters or running", async () => {
    let ran = false;
    const handler = routeHandler({
      scope: "test",
      words: WORDS,
      access: async () => {
        throw new AccessDeniedError(401);
      },
      params: {
        schema: z.object({ id: platformIdPathParam() }),
        invalid: () => new RouteError(400, "validation.platformId"),
      },
      run: async () => {
        ran = true;
        return new Response("ok");
      },
    });
    const response = await handler(request(), { params: Promise.resolve({ id: "not-a-number" }) });
    expect(response.status).toBe(401);
    expect(ran).toBe(false);
  });

  it("hands run the caller and the parsed parameters; a bad one gets the route's own answer", async () => {
    const seen: unknown[] = [];
    const handler = routeHandler({
      scope: "test",
      words: WORDS,
      access: async () => ({ platformUserId: 7 }),
      params: {
        schema: z.object({ id: platformIdPathParam() }),
        invalid: () => new RouteError(404, "access.notFound"),
      },
      run: async ({ actor, params }) => {
        seen.push([actor, params]);
        return Response.json({ ok: true });
      },
    });
    expect((await handler(request(), { params: Promise.resolve({ id: "12" }) })).status).toBe(200);
    expect(seen).toEqual([[{ platformUserId: 7 }, { id: 12 }]]);
    for (const id of ["0", "-1", "1e3", "0x10", " 12", "12.0", "abc", "99999999999999999"]) {
      const response = await handler(request(), { params: Promise.resolve({ id }) });
      expect(response.status, id).toBe(404);
    }
    expect(seen).toHaveLength(1);
  });

  it("marks what it builds, so the route inventory can tell a hand-written handler", () => {
    const handler = routeHandler({
      scope: "t",
      words: WORDS,
      access: async () => null,
      run: async () => new Response(),
    });
    expect(handler[ROUTE_HANDLER]).toBe(true);
  });
});
