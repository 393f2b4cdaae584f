import fc from "fast-check";
import { afterAll, beforeAll, describe, it, vi } from "vitest";
import { redeemVoucherAction } from "@/lib/vouchers/redeem-action";
import { driverSideViewer, formArb, inputsOf, toFormData, voucherCodeValue } from "./arbitraries";
import { expectActionOutcome, finishRun, NUM_RUNS, PROPERTY_TIMEOUT_MS, setUpWorld, startRun, tearDownWorld, world } from "./harness";

vi.mock("next/headers", async () => (await import("./harness")).nextHeadersMock);
vi.mock("next/cache", async () => (await import("./harness")).nextCacheMock);
vi.mock("next/navigation", async (original) => ({ ...(await original<object>()), ...(await import("./harness")).nextNavigationMock }));
vi.mock("@/lib/auth/viewer", async () => (await import("./harness")).viewerMock);
vi.mock("@/lib/auth", async () => (await import("./harness")).authMock);

beforeAll(setUpWorld);
afterAll(tearDownWorld);

const idle = { status: "idle" } as const;
const voucherForm = formArb({ code: voucherCodeValue });

describe("voucher action: only validation errors, never a crash", () => {
  it(
    `redeemVoucherAction × ${NUM_RUNS}`,
    async () => {
      await fc.assert(
        fc.asyncProperty(voucherForm, driverSideViewer, fc.boolean(), fc.boolean(), async (form, viewer, freshLimits, reseed) => {
          // Valid vouchers are spent once; reseed now and then so that "accepted" stays reachable.
          if (reseed) world.emulator!.reset();
          await startRun({ viewer, freshLimits });
          await expectActionOutcome(() => redeemVoucherAction(idle, toFormData(form)), { inputs: inputsOf(form), tally: "redeemVoucherAction" });
          await finishRun();
        }),
        { numRuns: NUM_RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
