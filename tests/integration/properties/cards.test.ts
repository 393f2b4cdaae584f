import fc from "fast-check";
import { afterAll, beforeAll, describe, it, vi } from "vitest";
import { addCardAction } from "@/lib/cards/add-card-action";
import { blockCardAction } from "@/lib/cards/block-card-action";
import { cardCodeValue, driverSideViewer, formArb, idValue, inputsOf, toFormData, visualNumberValue } from "./arbitraries";
import { expectActionOutcome, finishRun, NUM_RUNS, PROPERTY_TIMEOUT_MS, setUpWorld, startRun, tearDownWorld, world } from "./harness";

vi.mock("next/headers", async () => (await import("./harness")).nextHeadersMock);
vi.mock("next/cache", async () => (await import("./harness")).nextCacheMock);
vi.mock("next/navigation", async (original) => ({ ...(await original<object>()), ...(await import("./harness")).nextNavigationMock }));
vi.mock("@/lib/auth/viewer", async () => (await import("./harness")).viewerMock);
vi.mock("@/lib/auth", async () => (await import("./harness")).authMock);

beforeAll(setUpWorld);
afterAll(tearDownWorld);

const idle = { status: "idle" } as const;

// `status` is not on the driver's form; a crafted request may still send one.
const addCardForm = formArb({ code: cardCodeValue, visualNumber: visualNumberValue });
const blockCardForm = formArb({ cardId: idValue });

describe("card actions: only validation errors, never a crash", () => {
  it(
    `addCardAction × ${NUM_RUNS}`,
    async () => {
      await fc.assert(
        fc.asyncProperty(addCardForm, driverSideViewer, async (form, viewer) => {
          await startRun({ viewer });
          await expectActionOutcome(() => addCardAction(idle, toFormData(form)), { inputs: inputsOf(form), tally: "addCardAction" });
          await finishRun();
        }),
        { numRuns: NUM_RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    `blockCardAction × ${NUM_RUNS}`,
    async () => {
      await fc.assert(
        fc.asyncProperty(blockCardForm, driverSideViewer, fc.boolean(), async (form, viewer, reseed) => {
          // Blocking is one-way: start again from the seeded cards now and then, so "ok" stays reachable.
          if (reseed) world.emulator!.reset();
          await startRun({ viewer });
          await expectActionOutcome(() => blockCardAction(idle, toFormData(form)), { inputs: inputsOf(form), tally: "blockCardAction" });
          await finishRun();
        }),
        { numRuns: NUM_RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
