import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { PlatformUnavailableError, PlatformValidationError } from "@/lib/platform/errors";
import { captureLogs } from "../../support/log-capture";

const guards = vi.hoisted(() => ({ driver: null as unknown, staff: null as unknown, staffCalls: [] as unknown[][] }));

vi.mock("@/lib/core/auth/guards", () => ({
  driverForAction: async (values?: Record<string, string>) =>
    guards.driver ??
    (values
      ? { status: "error", message: "Sign in to continue.", values }
      : { status: "error", message: "Sign in to continue." }),
  isRefusal: (result: object) => "status" in result,
}));
const audits = vi.hoisted(() => ({
  entries: [] as Record<string, unknown>[],
  noting: null as { recorded: boolean } | null,
}));
vi.mock("@/lib/core/audit", () => ({
  auditErrorText: (error: unknown) => String(error),
  // One call at a time here: the notes of the call running now.
  runNotingAudits: async (notes: { recorded: boolean }, task: () => Promise<unknown>) => {
    audits.noting = notes;
    try {
      return await task();
    } finally {
      audits.noting = null;
    }
  },
  recordAudit: async (entry: Record<string, unknown>) => {
    if (audits.noting) audits.noting.recorded = true;
    audits.entries.push(entry);
  },
  withAudit: async ({ run, ...entry }: { run: () => Promise<unknown> } & Record<string, unknown>) => {
    const result = await run();
    if (audits.noting) audits.noting.recorded = true;
    audits.entries.push({ ...entry, outcome: "success" });
    return result;
  },
}));
vi.mock("@/lib/features/admin/staff-check", () => ({
  checkStaff: async (...args: unknown[]) => {
    guards.staffCalls.push(args);
    return guards.staff
      ? { ok: true, actor: guards.staff }
      : { ok: false, code: "forbidden", refusal: "access.noAccess" };
  },
}));

const language = vi.hoisted(() => ({ locale: "en" as "en" | "nl" | "de" }));
vi.mock("@/lib/core/auth/current-locale", () => ({ currentLocale: async () => language.locale }));

const { driverAction, publicAction } = await import("@/lib/core/actions/action");
const { staffAction } = await import("@/lib/features/admin/staff-action");
const { ExpectedError } = await import("@/lib/core/errors");

class TakenError extends Error {}

/** What a form's useActionState starts with: the previous state every call gets first. */
const IDLE = { status: "idle" } as const;

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

// Schema messages are catalogue keys; one that is not (or zod's own default) reads as "Check this field.".
const Input = z.object({
  email: z.string().email("validation.invalid"),
  password: z.string().min(8, "not.a.catalogue.key"),
});

function signUpLike(run: (input: z.infer<typeof Input>) => Promise<void>) {
  return publicAction({
    scope: "test",
    failure: { log: "sign-up", doing: "doing.generic" },
    secret: ["password"],
    schema: Input,
    invalid: "ui.correctMarkedFields",
    rejected: { message: "validation.invalid" },
    expected: (error, { values }) =>
      error instanceof TakenError ? { status: "error", code: "taken", message: "Taken.", values } : undefined,
    run: async (input) => {
      await run(input);
      return { status: "ok", message: `Welcome ${input.email}.` } as const;
    },
  });
}

let logs: ReturnType<typeof captureLogs>;
beforeEach(() => {
  logs = captureLogs("debug");
  guards.driver = null;
  guards.staff = null;
  guards.staffCalls.length = 0;
  language.locale = "en";
});
afterEach(() => logs.restore());

describe("the action helper", () => {
  it("answers a form argument that is not a form with the unreadable-form result, before anything else", async () => {
    const run = vi.fn();
    const action = signUpLike(run);
    for (const argument of ["text", { email: "a@b.example" }, undefined, null, 42]) {
      expect(await action(IDLE, argument as never)).toEqual({
        status: "error",
        code: "unreadable-form",
        message: "This form could not be read. Reload the page and try again.",
      });
    }
    expect(run).not.toHaveBeenCalled();
  });

  it("parses into field errors in words, echoes what was typed and never a secret field", async () => {
    const result = await signUpLike(vi.fn())(IDLE, form({ email: "nope", password: "short" }));
    expect(result).toEqual({
      status: "invalid",
      message: "Please correct the marked fields.",
      fieldErrors: { email: ["Check this field."], password: ["Check this field."] },
      values: { email: "nope" },
    });
  });

  it("hands the parsed input (secret fields included) to run", async () => {
    const run = vi.fn(async () => {});
    expect(await signUpLike(run)(IDLE, form({ email: "a@b.example", password: "long enough" }))).toEqual({
      status: "ok",
      message: "Welcome a@b.example.",
    });
    expect(run).toHaveBeenCalledWith({ email: "a@b.example", password: "long enough" });
  });

  it("maps expected errors to the user's words and platform field rejections to field errors, logging neither", async () => {
    const typed = form({ email: "a@b.example", password: "long enough" });
    expect(await signUpLike(async () => Promise.reject(new TakenError()))(IDLE, typed)).toEqual({
      status: "error",
      code: "taken",
      message: "Taken.",
      values: { email: "a@b.example" },
    });
    const rejection = new PlatformValidationError("users.create", { email: ["bad"] });
    expect(await signUpLike(async () => Promise.reject(rejection))(IDLE, typed)).toMatchObject({
      status: "invalid",
      message: "Check this field.",
      values: { email: "a@b.example" },
    });
    expect(logs.lines).toEqual([]);
  });

  it("answers an expected error about one field as that field's error, in the platform's words where it gave any", async () => {
    const typed = form({ email: "a@b.example", password: "long enough" });
    const ours = new ExpectedError("taken", "validation.invalid", {}, undefined, undefined, { field: "email" });
    expect(await signUpLike(async () => Promise.reject(ours))(IDLE, typed)).toEqual({
      status: "invalid",
      fieldErrors: { email: ["Check this field."] },
      values: { email: "a@b.example" },
    });
    const theirs = new ExpectedError("taken", "validation.invalid", {}, undefined, undefined, {
      field: "email",
      said: "In use.",
    });
    expect(await signUpLike(async () => Promise.reject(theirs))(IDLE, typed)).toMatchObject({
      fieldErrors: { email: ["In use."] },
    });
    expect(logs.lines).toEqual([]);
  });

  it("logs an unexpected error once, under the action's scope, and answers in plain words", async () => {
    const typed = form({ email: "a@b.example", password: "long enough" });
    expect(await signUpLike(async () => Promise.reject(new TypeError("boom")))(IDLE, typed)).toEqual({
      status: "error",
      message: "Something went wrong while we tried to finish this. Try again in a moment.",
      values: { email: "a@b.example" },
    });
    const unavailable = await signUpLike(async () =>
      Promise.reject(new PlatformUnavailableError("users.create", "timeout")),
    )(IDLE, typed);
    expect(unavailable).toMatchObject({ status: "error", message: expect.stringContaining("did not answer") });
    expect(logs.lines.map((line) => [line.level, line.fields.scope, line.fields.msg])).toEqual([
      ["error", "test", "sign-up failed"],
      ["error", "test", "sign-up failed"],
    ]);
  });

  it("answers in the request's language, the platform's words around the action's own phrase", async () => {
    language.locale = "de";
    expect(await signUpLike(vi.fn())(IDLE, "text" as never)).toMatchObject({
      message: "Dieses Formular konnte nicht gelesen werden. Laden Sie die Seite neu und versuchen Sie es noch einmal.",
    });
    const typed = form({ email: "a@b.example", password: "long enough" });
    language.locale = "nl";
    expect(await signUpLike(async () => Promise.reject(new TypeError("boom")))(IDLE, typed)).toMatchObject({
      message: "Er ging iets mis bij de poging om dit af te ronden. Probeer het zo nog eens.",
    });
    expect(await signUpLike(vi.fn())(IDLE, form({ email: "nope", password: "short" }))).toMatchObject({
      message: "Corrigeer de gemarkeerde velden.",
      fieldErrors: { email: ["Controleer dit veld."], password: ["Controleer dit veld."] },
    });
  });

  it("rethrows what Next throws on purpose (redirect, not found) instead of logging it", async () => {
    const redirect = Object.assign(new Error("NEXT_REDIRECT"), { digest: "NEXT_REDIRECT;replace;/account;307;" });
    await expect(
      signUpLike(async () => Promise.reject(redirect))(IDLE, form({ email: "a@b.example", password: "long enough" })),
    ).rejects.toBe(redirect);
    expect(logs.lines).toEqual([]);
  });

  it("guards a driver action: the refusal keeps the typed values only for an action that echoes them", async () => {
    const run = vi.fn();
    const echoing = driverAction({ scope: "test", failure: { log: "x", doing: "doing.generic" }, run });
    const silent = driverAction({ scope: "test", failure: { log: "x", doing: "doing.generic" }, echo: false, run });
    expect(await echoing(IDLE, form({ code: "A1" }))).toEqual({
      status: "error",
      message: "Sign in to continue.",
      values: { code: "A1" },
    });
    expect(await silent(IDLE, form({ code: "A1" }))).toEqual({ status: "error", message: "Sign in to continue." });
    expect(run).not.toHaveBeenCalled();
  });

  it("checks the staff role under the audit name first, then the bound driver id", async () => {
    const run = vi.fn(async () => ({ status: "ok" }) as const);
    const action = staffAction({
      scope: "test",
      role: "admin",
      audit: "thing.do",
      boundDriver: true,
      failure: { log: "x", doing: "doing.generic" },
      run,
    });
    expect(await action(1001, IDLE, form({ note: "n" }))).toEqual({
      status: "error",
      code: "forbidden",
      message: "You do not have access to this.",
    });
    expect(guards.staffCalls).toEqual([["admin", "thing.do"]]);

    guards.staff = { userId: "staff-1", email: "staff@example.com", role: "admin", platformUserId: null };
    audits.entries.length = 0;
    expect(await action("1001; drop" as never, IDLE, form({ note: "n" }))).toEqual({
      status: "error",
      code: "no-driver",
      message: "That driver could not be found. Open the driver again from the search.",
      values: { note: "n" },
    });
    // Issue 33, R4-5: the refusal is an entry with its reason.
    expect(audits.entries).toEqual([
      expect.objectContaining({ action: "thing.do", outcome: "failure", reason: "invalid-driver-id" }),
    ]);
    expect(await action("1001" as never, IDLE, form({ note: "n" }))).toEqual({ status: "ok" });
    expect(run).toHaveBeenCalledWith({ note: "n" }, expect.objectContaining({ driverId: 1001, actor: guards.staff }));
  });

  it("audits a staff action's mutations and outcomes under its audit name, on the bound driver", async () => {
    guards.staff = { userId: "staff-1", email: "staff@example.com", role: "support", platformUserId: null };
    audits.entries.length = 0;
    const action = staffAction({
      scope: "test",
      role: "support",
      audit: (formData) => `card.${String(formData?.get("intent") ?? "block")}`,
      boundDriver: true,
      failure: { log: "x", doing: "doing.generic" },
      run: async (_input, { audited, recordAudit }) => {
        const code = await audited(async () => "04A1", { targetCard: "card 7", details: { cardId: 7 } });
        await recordAudit({ outcome: "failure", error: `after ${code}` });
        return { status: "ok" } as const;
      },
    });
    expect(await action("1001" as never, IDLE, form({ intent: "move" }))).toEqual({ status: "ok" });
    const target = { actor: guards.staff, action: "card.move", targetPlatformUserId: 1001 };
    expect(audits.entries).toEqual([
      { ...target, targetCard: "card 7", details: { cardId: 7 }, outcome: "success" },
      { ...target, outcome: "failure", error: "after 04A1" },
    ]);
  });
});
