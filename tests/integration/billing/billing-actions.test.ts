import { beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, users } from "@/lib/core/db/schema";
import type { Viewer } from "@/lib/core/auth/viewer";
import type { MoneyApi } from "@/lib/platform/apis";
import { PlatformNotFoundError, PlatformUnavailableError } from "@/lib/platform/errors";
import type { BillingDetails } from "@/lib/platform/types";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import { IDLE, formOf } from "../../support/action-form";
import { SERVICE_TEST_KEY } from "../driver-services/harness";
import { serviceHarnessForSuite } from "../../support/service-harness";
import { createPlatformClient } from "@/lib/platform/client";
import { staffViewer } from "../../support/viewers";
import { DUTCH_COMPANY_FORM } from "../../support/billing-fixtures";

/** The billing details actions of a driver and of support, over a fake ledger (`money`) or none (the contract). */
const holder = vi.hoisted(() => ({
  harness: null as unknown as import("../driver-services/harness").ServiceHarness,
  viewer: null as Viewer | null,
  money: undefined as MoneyApi | undefined,
  /** The platform as it is, not with the fake ledger: the ampeco emulator's, or the contract's client. */
  real: null as import("@/lib/platform/client").PlatformClient | null,
}));
vi.mock("@/lib/platform", () => ({
  getPlatform: () => holder.real ?? { ...holder.harness.client, money: holder.money },
}));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.harness.db.db }));
vi.mock("@/lib/core/auth/viewer", () => ({ getViewer: async () => holder.viewer }));
vi.mock("@/lib/core/auth", () => ({ signIn: vi.fn(async () => "/check-your-email"), auth: vi.fn(async () => null) }));
vi.mock("next/cache", () => ({ refresh: vi.fn(), revalidatePath: vi.fn() }));

const { saveBillingDetailsAction } = await import("@/lib/features/billing/actions/save-billing-details");
const { correctDriverBillingDetailsAction } =
  await import("@/lib/features/admin/actions/correct-driver-billing-details");
const { loadBillingDetailsView, loadDriverBillingDetailsView } = await import("@/lib/features/billing");

const EMPTY: BillingDetails = {
  requireInvoice: false,
  clientType: null,
  individualName: null,
  companyName: null,
  companyTaxId: null,
  companyRegNo: null,
  country: null,
  city: null,
  postCode: null,
  address: null,
};

/** The platform's invoice details per user, with every call it got. */
function fakeMoney() {
  const store = new Map<number, BillingDetails>([
    [DEMO_DRIVER_ID, { ...EMPTY }],
    [SECOND_DRIVER_ID, { ...EMPTY, clientType: "individual", individualName: "Second Driver" }],
  ]);
  const calls: { op: "get" | "save"; userId: number; details?: BillingDetails }[] = [];
  const known = (userId: number) => {
    if (!store.has(userId)) throw new PlatformNotFoundError("users.get");
  };
  const api = {
    getBillingDetails: async (userId: number) => {
      calls.push({ op: "get", userId });
      known(userId);
      return { manager: "ampeco" as const, details: { ...store.get(userId)! } };
    },
    saveBillingDetails: async (userId: number, details: BillingDetails) => {
      calls.push({ op: "save", userId, details });
      known(userId);
      store.set(userId, { ...details });
      return { ...details };
    },
  } as Partial<MoneyApi> as MoneyApi;
  return { api, store, calls };
}

const DRIVER: Viewer = {
  userId: "driver-1",
  email: "demo@example.com",
  name: null,
  role: "driver",
  platformUserId: DEMO_DRIVER_ID,
};
const SUPPORT = staffViewer("support");

// The VAT id as people type it: spaces and dots the form takes out.
const DUTCH_COMPANY = { ...DUTCH_COMPANY_FORM, companyTaxId: "NL 0000.99998.B57" };

const h = serviceHarnessForSuite({ seams: holder, dialect: "ampeco" });
let money: ReturnType<typeof fakeMoney>;
beforeEach(async () => {
  money = fakeMoney();
  holder.money = money.api;
  holder.real = null;
  h.emulator.reset();
  h.sent.length = 0;
  holder.viewer = DRIVER;
  await h.db.db.delete(auditLog);
  await h.db.db.delete(users);
  await h.db.db
    .insert(users)
    .values([{ id: "support-1", email: "support@example.com", role: "support", emailVerified: new Date() }]);
});

const audits = () => h.db.db.select().from(auditLog).orderBy(auditLog.id);

describe("a driver saves their billing details", () => {
  it("saves a Dutch company, its VAT id written plainly, and shows what was saved", async () => {
    const result = await saveBillingDetailsAction(IDLE, formOf(DUTCH_COMPANY));
    expect(result).toMatchObject({
      status: "ok",
      message: "Your billing details are saved.",
      values: { clientType: "company", companyTaxId: "NL000099998B57", requireInvoice: "on" },
    });
    expect(money.store.get(DEMO_DRIVER_ID)).toMatchObject({
      clientType: "company",
      companyName: "Laadpaal B.V.",
      companyTaxId: "NL000099998B57",
      individualName: null,
      requireInvoice: true,
      country: "NL",
    });
    expect(await loadBillingDetailsView(DEMO_DRIVER_ID)).toMatchObject({
      status: "ok",
      values: { companyTaxId: "NL000099998B57", city: "Amsterdam" },
    });
  });

  it("saves a German company", async () => {
    const german = { ...DUTCH_COMPANY, companyTaxId: "DE136695976", city: "Berlin", postCode: "10115", country: "DE" };
    expect(await saveBillingDetailsAction(IDLE, formOf(german))).toMatchObject({ status: "ok" });
    expect(money.store.get(DEMO_DRIVER_ID)?.companyTaxId).toBe("DE136695976");
  });

  it("refuses a wrong VAT id at its field, echoes every value, and calls nothing", async () => {
    const typed = { ...DUTCH_COMPANY, companyTaxId: "NL000099998B58" };
    const result = await saveBillingDetailsAction(IDLE, formOf(typed));
    expect(result).toEqual({
      status: "invalid",
      message: expect.stringContaining("everything you typed is still here"),
      fieldErrors: { companyTaxId: ["This VAT id's check digits do not add up. Check it for a typing error."] },
      values: typed,
    });
    expect(money.calls).toEqual([]);
  });

  it("only ever writes the signed-in driver's own details: a forged user id is ignored", async () => {
    const forged = { ...DUTCH_COMPANY, userId: String(SECOND_DRIVER_ID), platformUserId: String(SECOND_DRIVER_ID) };
    expect(await saveBillingDetailsAction(IDLE, formOf(forged))).toMatchObject({ status: "ok" });
    expect(money.calls.filter((c) => c.op === "save").map((c) => c.userId)).toEqual([DEMO_DRIVER_ID]);
    expect(money.store.get(SECOND_DRIVER_ID)?.individualName).toBe("Second Driver");
    expect(money.calls.map((c) => c.details && Object.keys(c.details)).flat()).not.toContain("userId");
  });

  it("refuses the signed-out and staff without a driver account, keeping what was typed", async () => {
    for (const viewer of [null, SUPPORT]) {
      holder.viewer = viewer;
      const result = await saveBillingDetailsAction(IDLE, formOf(DUTCH_COMPANY));
      expect(result).toMatchObject({ status: "error", values: DUTCH_COMPANY });
    }
    expect(money.calls).toEqual([]);
  });

  it("on a platform without billing details (the contract): no call, the explanation instead of an error", async () => {
    holder.money = undefined;
    expect(await loadBillingDetailsView(DEMO_DRIVER_ID)).toEqual({ status: "unsupported" });
    const result = await saveBillingDetailsAction(IDLE, formOf(DUTCH_COMPANY));
    expect(result).toMatchObject({ status: "error", code: "unavailable", values: DUTCH_COMPANY });
    expect(money.calls).toEqual([]);
  });

  it("a platform failure is plain words, with the values kept", async () => {
    money.api.saveBillingDetails = async () => {
      throw new PlatformUnavailableError("invoiceDetails.save", "server", { status: 503 });
    };
    const result = await saveBillingDetailsAction(IDLE, formOf(DUTCH_COMPANY));
    expect(result).toMatchObject({ status: "error", values: DUTCH_COMPANY });
    expect((result as { message: string }).message).toMatch(/save your billing details/);
  });
});

describe("support corrects a driver's billing details", () => {
  beforeEach(() => {
    holder.viewer = SUPPORT;
  });

  it("saves with the same rules and audits the changed fields, not their values", async () => {
    const result = await correctDriverBillingDetailsAction(SECOND_DRIVER_ID, IDLE, formOf(DUTCH_COMPANY));
    expect(result).toMatchObject({ status: "ok", message: "Saved the driver's billing details." });
    expect(money.store.get(SECOND_DRIVER_ID)).toMatchObject({ companyTaxId: "NL000099998B57", individualName: null });
    const [entry, ...rest] = await audits();
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      action: "driver.billing-details.update",
      outcome: "success",
      targetPlatformUserId: SECOND_DRIVER_ID,
    });
    expect((entry!.details as { changedFields: string[] }).changedFields).toEqual(
      expect.arrayContaining(["clientType", "individualName", "companyName", "companyTaxId", "requireInvoice"]),
    );
    expect(JSON.stringify(entry!.details)).not.toContain("NL000099998B57");
  });

  it("refuses a wrong VAT id at the field before any call, audited as a refusal (issue 33, R4-5)", async () => {
    const typed = { ...DUTCH_COMPANY, companyTaxId: "DE136695977" };
    const result = await correctDriverBillingDetailsAction(SECOND_DRIVER_ID, IDLE, formOf(typed));
    expect(result).toMatchObject({
      status: "invalid",
      fieldErrors: { companyTaxId: [expect.any(String)] },
      values: typed,
    });
    expect(money.calls).toEqual([]);
    const entries = await audits();
    expect(entries).toMatchObject([
      {
        action: "driver.billing-details.update",
        outcome: "failure",
        reason: "invalid-input",
        targetPlatformUserId: SECOND_DRIVER_ID,
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain("DE136695977");
  });

  it("a driver gone from the platform is a plain answer, audited as a failure", async () => {
    const result = await correctDriverBillingDetailsAction(4242, IDLE, formOf(DUTCH_COMPANY));
    expect(result).toMatchObject({ status: "error", code: "no-driver", values: DUTCH_COMPANY });
    expect(await audits()).toMatchObject([{ action: "driver.billing-details.update", outcome: "failure" }]);
  });

  it("a driver may not use it: refused, audited, nothing saved", async () => {
    holder.viewer = DRIVER;
    const result = await correctDriverBillingDetailsAction(SECOND_DRIVER_ID, IDLE, formOf(DUTCH_COMPANY));
    expect(result).toMatchObject({ status: "error", code: "forbidden" });
    expect(money.calls).toEqual([]);
  });
});

describe("against the ampeco emulator's invoice details", () => {
  beforeEach(() => {
    holder.real = h.client;
  });

  it("saves a Dutch and then a German company for the driver alone, and reads them back", async () => {
    expect(
      await saveBillingDetailsAction(IDLE, formOf({ ...DUTCH_COMPANY, userId: String(SECOND_DRIVER_ID) })),
    ).toMatchObject({
      status: "ok",
      values: { companyTaxId: "NL000099998B57", companyName: "Laadpaal B.V.", requireInvoice: "on" },
    });
    const writes = h.sent.filter((r) => r.method !== "GET");
    expect(writes.map((r) => r.path)).toEqual([
      expect.stringContaining(`/users/v1.0/${DEMO_DRIVER_ID}/invoice-details`),
    ]);
    const german = {
      ...DUTCH_COMPANY,
      companyTaxId: "DE 136 695 976",
      city: "Berlin",
      postCode: "10115",
      country: "DE",
    };
    expect(await saveBillingDetailsAction(IDLE, formOf(german))).toMatchObject({ status: "ok" });
    expect(await loadBillingDetailsView(DEMO_DRIVER_ID)).toMatchObject({
      status: "ok",
      values: {
        clientType: "company",
        companyTaxId: "DE136695976",
        city: "Berlin",
        country: "DE",
        requireInvoice: "on",
      },
    });
    const other = await loadBillingDetailsView(SECOND_DRIVER_ID);
    expect(other.status === "ok" && other.values.companyTaxId).toBe("");
  });

  it("support's correction reaches the driver's details and is audited", async () => {
    holder.viewer = SUPPORT;
    const result = await correctDriverBillingDetailsAction(SECOND_DRIVER_ID, IDLE, formOf(DUTCH_COMPANY));
    expect(result).toMatchObject({ status: "ok" });
    expect(await loadBillingDetailsView(SECOND_DRIVER_ID)).toMatchObject({
      values: { companyTaxId: "NL000099998B57" },
    });
    expect(await audits()).toMatchObject([
      { action: "driver.billing-details.update", outcome: "success", targetPlatformUserId: SECOND_DRIVER_ID },
    ]);
  });
});

describe("other tenants' invoice details (issue 34): a POST that replaces, the other three managers", () => {
  const DETAILS = `/public-api/resources/users/v1.0/${DEMO_DRIVER_ID}/invoice-details`;
  const platformCall = async (method: string, body?: unknown) => {
    const response = await h.emulator.handle(
      new Request(`http://platform.test${DETAILS}`, {
        method,
        headers: { authorization: `Bearer ${SERVICE_TEST_KEY}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: response.status, body: await response.json() };
  };
  const writes = () => h.sent.filter((r) => r.method !== "GET");
  beforeEach(() => {
    holder.real = h.client;
  });

  it("sends back every field it read, so a replacing POST keeps what the portal does not edit", async () => {
    const kept = { individualPersonalId: "P-123", individualTaxId: "TAX-9", region: "Bay Area", state: "CA" };
    const seeded = await platformCall("POST", {
      requireInvoice: false,
      invoiceType: "individual",
      individualName: "Demi Driver",
      country: "US",
      ...kept,
    });
    expect(seeded.status).toBe(200);
    const form = { clientType: "individual", individualName: "Demi D. Driver", city: "San Francisco", country: "US" };
    expect(await saveBillingDetailsAction(IDLE, formOf(form))).toMatchObject({ status: "ok" });
    expect((await platformCall("GET")).body).toMatchObject({
      ...kept,
      individualName: "Demi D. Driver",
      city: "San Francisco",
    });
    expect(writes().map((w) => Object.keys(w.body as object))).toEqual([expect.arrayContaining(Object.keys(kept))]);
  });

  it("shows Cardcom, SoftOne and Ecpay details read-only with a sentence, and refuses a save in words, sending nothing", async () => {
    await h.control("PUT", "/settings", { invoiceManager: "cardcom" });
    expect(await loadBillingDetailsView(DEMO_DRIVER_ID)).toMatchObject({
      status: "readOnly",
      manager: "cardcom",
      lines: expect.arrayContaining([{ field: "email", value: expect.stringContaining("@") }]),
    });
    const refused = await saveBillingDetailsAction(IDLE, formOf(DUTCH_COMPANY));
    expect(refused).toMatchObject({
      status: "error",
      code: "refused",
      message: expect.stringContaining("another system"),
      values: DUTCH_COMPANY,
    });
    holder.viewer = SUPPORT;
    const staff = await correctDriverBillingDetailsAction(DEMO_DRIVER_ID, IDLE, formOf(DUTCH_COMPANY));
    expect(staff).toMatchObject({ status: "error", code: "refused" });
    expect(writes()).toEqual([]);
    for (const manager of ["softone", "ecpay"] as const) {
      await h.control("PUT", "/settings", { invoiceManager: manager });
      const view = await loadBillingDetailsView(DEMO_DRIVER_ID);
      expect(view).toMatchObject({ status: "readOnly", manager });
      expect(view.status === "readOnly" && view.lines.length).toBeGreaterThan(1);
    }
  });
});

describe("issue 36: the driver's form starts from the profile's country until one is saved", () => {
  const userReads = () =>
    h.sent.filter((r) => r.method === "GET" && r.path === `/public-api/resources/users/v1.1/${DEMO_DRIVER_ID}`);
  beforeEach(() => {
    holder.real = h.client;
  });

  it("preselects the profile's country for a driver without billing details; a saved country wins", async () => {
    await h.client.users.updateUser(DEMO_DRIVER_ID, { country: "BE" });
    h.sent.length = 0;
    expect(await loadDriverBillingDetailsView(DEMO_DRIVER_ID)).toMatchObject({
      status: "ok",
      values: { clientType: "individual", country: "BE" },
    });
    // Support sees what is stored: nothing is preselected on the driver page.
    expect(await loadBillingDetailsView(DEMO_DRIVER_ID)).toMatchObject({ status: "ok", values: { country: "" } });

    const german = { ...DUTCH_COMPANY, companyTaxId: "DE136695976", city: "Berlin", postCode: "10115", country: "DE" };
    expect(await saveBillingDetailsAction(IDLE, formOf(german))).toMatchObject({ status: "ok" });
    h.sent.length = 0;
    expect(await loadDriverBillingDetailsView(DEMO_DRIVER_ID)).toMatchObject({
      status: "ok",
      values: { country: "DE", city: "Berlin" },
    });
    // With a country saved, the profile is not read.
    expect(userReads()).toEqual([]);
  });

  it("keeps the country empty when the profile has none or its read fails, and the page still loads", async () => {
    holder.real = null;
    expect(await loadDriverBillingDetailsView(DEMO_DRIVER_ID)).toMatchObject({
      status: "ok",
      values: { country: "NL" },
    });
    await h.control("PUT", "/faults", {
      rules: [{ method: "GET", path: `/users/v1\\.1/${DEMO_DRIVER_ID}$`, status: 503, times: 10 }],
    });
    expect(await loadDriverBillingDetailsView(DEMO_DRIVER_ID)).toMatchObject({ status: "ok", values: { country: "" } });
  });
});

describe("the contract's platform, which has no ledger", () => {
  it("explains and refuses without a single platform call", async () => {
    const calls: string[] = [];
    holder.real = createPlatformClient({
      dialect: "contract",
      baseUrl: "http://platform.test",
      apiKey: "unused",
      timeoutMs: 1000,
      maxRetries: 0,
      retryCapMs: 0,
      fetch: (async (input: RequestInfo | URL) => {
        calls.push(String(input));
        return new Response("{}", { status: 500 });
      }) as typeof fetch,
      partnerId: 1116,
      userGroupId: 257,
      logger: () => undefined,
    });
    expect(await loadBillingDetailsView(DEMO_DRIVER_ID)).toEqual({ status: "unsupported" });
    expect(await saveBillingDetailsAction(IDLE, formOf(DUTCH_COMPANY))).toMatchObject({
      status: "error",
      code: "unavailable",
      message: expect.stringContaining("does not take billing details"),
      values: DUTCH_COMPANY,
    });
    expect(calls).toEqual([]);
  });
});
