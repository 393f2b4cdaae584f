import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as adminBalance from "@/app/api/admin/users/[id]/balance/route";
import * as cardActions from "@/lib/admin/actions/cards";
import * as createDriverActions from "@/lib/admin/actions/create-driver";
import * as driverActions from "@/lib/admin/actions/driver";
import * as roleActions from "@/lib/admin/actions/roles";
import {
  addressValue,
  baselineValue,
  boundIdArb,
  cardCodeValue,
  cityValue,
  countryValue,
  emailValue,
  formArb,
  type FormEntry,
  idValue,
  inputsOf,
  nameValue,
  passwordValue,
  pathParamValue,
  phoneValue,
  postCodeValue,
  queryArb,
  requestHeadersArb,
  staffSideViewer,
  toFormData,
  toRequestUrl,
  visualNumberValue,
  voucherCodeValue,
} from "./arbitraries";
import {
  expectActionOutcome,
  expectRouteOutcome,
  exportedHandlers,
  finishRun,
  NUM_RUNS,
  PROPERTY_TIMEOUT_MS,
  type RouteHandler,
  setUpWorld,
  startRun,
  tearDownWorld,
  world,
} from "./harness";

vi.mock("next/headers", async () => (await import("./harness")).nextHeadersMock);
vi.mock("next/cache", async () => (await import("./harness")).nextCacheMock);
vi.mock("next/navigation", async (original) => ({ ...(await original<object>()), ...(await import("./harness")).nextNavigationMock }));
vi.mock("@/lib/auth/viewer", async () => (await import("./harness")).viewerMock);
vi.mock("@/lib/auth", async () => (await import("./harness")).authMock);

beforeAll(setUpWorld);
afterAll(tearDownWorld);

const idle = { status: "idle" } as const;
const { blockCardForDriverAction, linkCardForDriverAction, moveCardStepAction } = cardActions;
const { createDriverAction } = createDriverActions;
const { changeDriverEmailAction, redeemVoucherForDriverAction, startDriverPasswordResetAction, updateDriverProfileAction } = driverActions;
const { grantStaffRoleAction, revokeStaffRoleAction } = roleActions;
type AnyAction = (...args: never[]) => Promise<unknown>;

const profileFields = {
  firstName: nameValue,
  lastName: nameValue,
  phone: phoneValue,
  address: addressValue,
  city: cityValue,
  postCode: postCodeValue,
  country: countryValue,
};

/**
 * Each admin action with its form. `bound` says whether the page binds a driver id as the first
 * argument (`action.bind(null, id)`): that id came from the browser too, so it is random as well.
 */
const ACTIONS: { name: string; action: AnyAction; bound: boolean; form: fc.Arbitrary<FormEntry[]> | null; secretFields?: string[]; reseed?: boolean }[] = [
  {
    name: "linkCardForDriverAction",
    action: linkCardForDriverAction as AnyAction,
    bound: true,
    form: formArb({ code: cardCodeValue, visualNumber: visualNumberValue, status: fc.constantFrom("active", "blocked", "inactive", "", "deleted") }),
  },
  { name: "blockCardForDriverAction", action: blockCardForDriverAction as AnyAction, bound: true, form: formArb({ cardId: idValue }), reseed: true },
  {
    name: "moveCardStepAction",
    action: moveCardStepAction as AnyAction,
    bound: true,
    form: formArb({ cardId: idValue, targetUserId: idValue, intent: fc.constantFrom("move", "retry", "undo", "", "toString", "__proto__") }),
    reseed: true,
  },
  { name: "updateDriverProfileAction", action: updateDriverProfileAction as AnyAction, bound: true, form: formArb({ ...profileFields, baseline: baselineValue }) },
  { name: "changeDriverEmailAction", action: changeDriverEmailAction as AnyAction, bound: true, form: formArb({ email: emailValue }) },
  { name: "startDriverPasswordResetAction", action: startDriverPasswordResetAction as AnyAction, bound: true, form: null },
  { name: "redeemVoucherForDriverAction", action: redeemVoucherForDriverAction as AnyAction, bound: true, form: formArb({ code: voucherCodeValue }), reseed: true },
  {
    name: "createDriverAction",
    action: createDriverAction as AnyAction,
    bound: false,
    form: formArb({
      email: emailValue,
      ...profileFields,
      passwordMode: fc.constantFrom("reset", "set", "", "random"),
      password: passwordValue,
      sendSignInLink: fc.constantFrom("on", "true", "off", ""),
    }),
    secretFields: ["password"],
  },
  { name: "grantStaffRoleAction", action: grantStaffRoleAction as AnyAction, bound: false, form: formArb({ email: emailValue, role: fc.constantFrom("support", "admin", "driver", "owner", "") }) },
  { name: "revokeStaffRoleAction", action: revokeStaffRoleAction as AnyAction, bound: false, form: formArb({ email: emailValue }) },
];

describe("admin actions: only validation errors, never a crash", () => {
  it("every exported admin action has a property here", () => {
    const exported = [cardActions, createDriverActions, driverActions, roleActions].flatMap((m) =>
      Object.entries(m)
        .filter(([, value]) => typeof value === "function")
        .map(([name]) => name),
    );
    expect(exported.sort()).toEqual(ACTIONS.map((a) => a.name).sort());
  });

  for (const a of ACTIONS) {
    it(
      `${a.name} × ${NUM_RUNS}`,
      async () => {
        await fc.assert(
          fc.asyncProperty(
            boundIdArb,
            a.form ?? fc.constant<FormEntry[]>([]),
            staffSideViewer,
            fc.boolean(),
            fc.boolean(),
            async (boundId, form, viewer, freshLimits, reseed) => {
              // Blocking, moving and redeeming use things up; start again from the seed now and then.
              if (a.reseed && reseed) world.emulator!.reset();
              await startRun({ viewer, freshLimits });
              const args: unknown[] = [...(a.bound ? [boundId] : []), idle, ...(a.form ? [toFormData(form)] : [])];
              await expectActionOutcome(() => (a.action as (...args: unknown[]) => Promise<unknown>)(...args), {
                inputs: [...inputsOf(form), JSON.stringify(boundId) ?? ""],
                secretFields: a.secretFields,
                tally: a.name,
              });
              await finishRun();
            },
          ),
          { numRuns: NUM_RUNS },
        );
      },
      PROPERTY_TIMEOUT_MS,
    );
  }
});

describe("admin route handlers: never a 500, never a throw", () => {
  for (const [method, handler] of exportedHandlers(adminBalance)) {
    it(
      `${method} app/api/admin/users/[id]/balance/route.ts × ${NUM_RUNS}`,
      async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.record({ id: pathParamValue }),
            queryArb,
            requestHeadersArb,
            staffSideViewer,
            async (params, query, headers, viewer) => {
              await startRun({ viewer, headers });
              const request = new Request(toRequestUrl(`/api/admin/users/${encodeURIComponent(params.id)}/balance`, query), { method, headers });
              await expectRouteOutcome(() => (handler as RouteHandler)(request, { params: Promise.resolve(params) }), `${method} admin balance`);
              await finishRun();
            },
          ),
          { numRuns: NUM_RUNS },
        );
      },
      PROPERTY_TIMEOUT_MS,
    );
  }
});
