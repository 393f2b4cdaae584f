import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect } from "vitest";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import * as live from "@/app/api/live/route";
import * as callbacks from "@/app/api/platform/callbacks/route";
import { NOTIFICATION_KINDS } from "@/lib/platform/notification-types";
import { anyText, driverSideViewer, queryArb } from "./arbitraries";
import { propertyTest } from "./checks";
import { expectRouteOutcome, finishRun, PLATFORM_KEY, startRun, world } from "./harness";

/**
 * The platform's callbacks (POST /api/platform/callbacks) and the drivers' event stream (GET
 * /api/live): never a 500, never a throw. In the ampeco pass callbacks are taken (the webhook key is
 * the built-in emulator's, PLATFORM_KEY) and half the bodies are signed with it, so the fuzz reaches
 * the reading, the dedupe and the work after the answer; in the contract's pass both routes are 404.
 */
const userId = fc.oneof(
  fc.constantFrom(DEMO_DRIVER_ID, SECOND_DRIVER_ID, 0, -1),
  fc.integer(),
  fc.string({ maxLength: 12 }),
  fc.constant(null),
);
const instant = fc.oneof(
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  anyText,
  fc.constant(null),
);
const kind = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NOTIFICATION_KINDS) },
  { weight: 1, arbitrary: fc.constantFrom("BootNotification", "", "x".repeat(200)) },
  { weight: 1, arbitrary: anyText },
);

/** Callback-like bodies with random parts, any JSON, or any text. */
const callbackBody: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record(
        {
          notification: kind,
          userId,
          sessionId: fc.oneof(fc.integer(), anyText),
          action: fc.constantFrom("start", "stop", "created", "updated", "deleted", "other"),
          updatedBalance: fc.oneof(fc.double(), fc.integer(), anyText),
          currency: fc.constantFrom("EUR", "eu", "", "EURO"),
          idTagsId: fc.oneof(fc.integer(), anyText),
          transactionId: fc.oneof(fc.integer(), anyText),
          lastUpdatedAt: instant,
          user: fc.record({ id: userId, balance: fc.oneof(fc.double(), anyText) }, { requiredKeys: [] }),
          session: fc.record(
            {
              id: fc.oneof(fc.integer(), fc.stringMatching(/^\d{1,8}$/), anyText),
              status: fc.constantFrom("active", "pending", "finished", "failed", "expired", "unknown", "x"),
              userId,
              startedAt: instant,
              stoppedAt: instant,
              energyConsumption: fc.record({ total: fc.oneof(fc.double(), fc.integer(), anyText) }),
              totalAmount: fc.record({ withTax: fc.oneof(fc.double(), anyText) }),
              currency: fc.oneof(fc.constantFrom("EUR"), anyText),
              lastUpdatedAt: instant,
            },
            { requiredKeys: [] },
          ),
        },
        { requiredKeys: ["notification"] },
      )
      .map((body) => JSON.stringify(body)),
  },
  { weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: anyText },
);

const signature = fc.constantFrom("right", "wrong", "none", "garbage");
/** What a header can carry (visible ASCII): a forged signature, a Last-Event-ID. */
const headerText = fc.stringMatching(/^[\x20-\x7e]{0,80}$/);

describe("live routes: never a 500, never a throw", () => {
  propertyTest(
    "POST app/api/platform/callbacks/route.ts",
    [callbackBody, signature, headerText],
    async (body, how, garbage) => {
      await startRun({ viewer: null });
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (how === "right") headers["x-signature"] = createHmac("sha256", PLATFORM_KEY).update(body).digest("hex");
      if (how === "wrong") headers["x-signature"] = createHmac("sha256", "another").update(body).digest("hex");
      if (how === "garbage") headers["x-signature"] = garbage;
      const request = new Request("http://localhost/api/platform/callbacks", { method: "POST", headers, body });
      const status = await expectRouteOutcome(() => callbacks.POST(request), "POST app/api/platform/callbacks");
      if (how !== "right") expect([401, 404, 413]).toContain(status);
      for (const task of world.afterTasks.splice(0)) await task();
      await finishRun();
    },
  );

  propertyTest(
    "GET app/api/live/route.ts",
    [queryArb, driverSideViewer, fc.option(headerText)],
    async (query, viewer, lastId) => {
      await startRun({ viewer, headers: lastId === null ? {} : { "last-event-id": lastId } });
      const abort = new AbortController();
      const request = new Request(`http://localhost/api/live${query ? `?${query}` : ""}`, {
        headers: lastId === null ? {} : { "last-event-id": lastId },
        signal: abort.signal,
      });
      const response = await live.GET(request);
      // The tab goes away at once: the stream must end, so its body can be read to the end.
      abort.abort();
      await expectRouteOutcome(async () => response, "GET app/api/live");
      await finishRun();
    },
  );
});
