import "server-only";
import type { ZodType } from "zod";
import { driverForAction, isRefusal, type DriverViewer } from "@/lib/core/auth/guards";
import { getViewer, type Viewer } from "@/lib/core/auth/viewer";
import { auditReasonOf } from "@/lib/core/audit-reason";
import { readDriverId } from "@/lib/core/actions/driver-id";
import {
  formValues,
  isFormSubmission,
  toFieldErrors,
  unreadableForm,
  type ActionResult,
  type FieldErrors,
} from "@/lib/core/actions/action-result";
import type { MessageKey, Translator } from "@/lib/core/i18n/translator";
import { requestTranslator } from "@/lib/core/auth/request-translator";
import { logger } from "@/lib/core/log";
import { PlatformValidationError } from "@/lib/platform/errors";
import { ExpectedError } from "@/lib/core/errors";
import { platformErrorMessage, platformFieldErrors } from "@/lib/core/platform-errors-to-messages";
import { isNextControlFlow } from "./next-control-flow";

/** The one way to write a server action: guard, parse into field errors, map expected errors, log the rest. */

type Values = Record<string, string>;
export type AnyResult = ActionResult<never> | ActionResult<unknown>;

export type FormReading<TInput> = { ok: true; input: TInput } | { ok: false; fieldErrors: FieldErrors };

export interface ActionContext<TActor> {
  actor: TActor;
  /** What the user typed, as it is echoed back (secret and hidden fields left out). */
  values: Values;
  /** The submitted form; null for an action that takes none. */
  formData: FormData | null;
  /** The validated driver id bound by the page (`boundDriver` specs only). */
  driverId: number;
  /** The words of the request's language: every message an action answers goes through it. */
  t: Translator;
}

export interface ActionSpec<TInput, TActor, TResult extends AnyResult, TForm extends boolean = true> {
  /** The logger scope of the action's failure line ("cards", "admin", …). */
  scope: string;
  /**
   * Unexpected errors: logged as "<log> failed"; the user reads `message`, or plain words about `doing`
   * (both catalogue keys; `doing` an area's `doing.*` phrase).
   */
  failure: { log: string; doing?: MessageKey | ((formData: FormData | null) => MessageKey); message?: MessageKey };
  /** false: the action takes no form (only the previous state). */
  form?: TForm;
  /** false: the action never echoes what was typed (not on refusal, not on failure). */
  echo?: boolean;
  /** Read from the form for the schema, never echoed (passwords). */
  secret?: readonly string[];
  /** Never echoed (e.g. the baseline a form carries). */
  hidden?: readonly string[];
  schema?: ZodType<TInput>;
  /** Instead of `schema`, for forms read in a way of their own. */
  read?: (formData: FormData, t: Translator) => FormReading<TInput>;
  /** A message over the field errors (a catalogue key), or the whole answer when the input does not parse. */
  invalid?:
    MessageKey | ((fieldErrors: FieldErrors, values: Values, t: Translator) => NoInfer<TResult> | ActionResult<never>);
  /** The platform rejected fields (422): answered as field errors, with this message (a key) over them. */
  rejected?: { message?: MessageKey };
  /**
   * Errors in words of this action's own; undefined passes the error on. An ExpectedError left over is
   * answered with its code and key; anything else is unexpected.
   */
  expected?: (
    error: unknown,
    context: ActionContext<TActor>,
    input: TInput,
  ) => NoInfer<TResult> | ActionResult<never> | undefined;
  run: (input: TInput, context: ActionContext<TActor>) => Promise<TResult | Navigation<TResult>>;
}

const NAVIGATION = Symbol("navigation");
/** A last step that navigates (redirect(), Auth.js signIn/signOut): run after the error mapping, so Next gets what it throws. */
export type Navigation<TResult> = { [NAVIGATION]: () => Promise<TResult> };

/** What `run` returns to end with a navigation rather than a result. */
export function navigate<TResult>(step: () => Promise<TResult>): Navigation<TResult> {
  return { [NAVIGATION]: step };
}

function isNavigation<TResult>(value: TResult | Navigation<TResult>): value is Navigation<TResult> {
  return typeof value === "object" && value !== null && NAVIGATION in value;
}

type ActionRunner<TResult> = (formData: unknown, bound?: unknown) => Promise<TResult | ActionResult<never>>;
type Answer<TResult> = Promise<TResult | ActionResult<never>>;

/** The form argument: optional for an action that takes no form (`form: false`), which still gets what the client sends. */
type FormArgs<TForm extends boolean> = TForm extends false ? [formData?: FormData] : [formData: FormData];
/** A form's action with useActionState: the previous state, then the form. */
export type FormAction<TResult, TForm extends boolean = true> = (
  previous: unknown,
  ...form: FormArgs<TForm>
) => Answer<TResult>;
/** The same, with the id the page binds first (`action.bind(null, driverId)`). */
export type BoundFormAction<TResult, TForm extends boolean = true> = (
  id: number,
  previous: unknown,
  ...form: FormArgs<TForm>
) => Answer<TResult>;
/** A plain `<form action>` (no state kept): the page the action navigates to, or renders again, is the answer. */
export type PlainFormAction = (formData?: FormData) => Promise<void>;

// The form is passed on even where the runner ignores it, so that the client sends one: a POST without
// one is refused by the middleware.
export const formAction =
  <TResult, TForm extends boolean>(runner: ActionRunner<TResult>): FormAction<TResult, TForm> =>
  (_previous, ...[formData]) =>
    runner(formData);
export const boundFormAction =
  <TResult, TForm extends boolean>(runner: ActionRunner<TResult>): BoundFormAction<TResult, TForm> =>
  (id, _previous, ...[formData]) =>
    runner(formData, id);
const plainFormAction =
  <TResult>(runner: ActionRunner<TResult>): PlainFormAction =>
  async (formData) => {
    await runner(formData);
  };

export function noDriver(t: Translator) {
  return { status: "error", code: "no-driver", message: t("forms.noDriver") } as const;
}

/** A refusal after the guard let the caller in (staff actions audit it): its reason code and what is known by then. */
export type RefusalHook<TActor> = (
  reason: string,
  at: { actor: TActor; formData: FormData | null; driverId: number; context?: ActionContext<TActor>; error?: unknown },
) => Promise<void>;

export type Guard<TActor> = (
  formData: FormData | null,
  values: Values | undefined,
  t: Translator,
) => Promise<{ actor: TActor } | { refusal: ActionResult<never> }>;

function withValues<T extends object>(result: T, values: Values | undefined): T {
  return values ? { ...result, values } : result;
}

function readInput<TInput>(
  spec: ActionSpec<TInput, unknown, AnyResult, boolean>,
  formData: FormData | null,
  values: Values,
  t: Translator,
): FormReading<TInput> {
  if (formData && spec.read) return spec.read(formData, t);
  if (!spec.schema) return { ok: true, input: values as TInput };
  const secrets = Object.fromEntries((spec.secret ?? []).map((name) => [name, formData?.get(name) ?? undefined]));
  const parsed = spec.schema.safeParse({ ...values, ...secrets });
  return parsed.success
    ? { ok: true, input: parsed.data }
    : { ok: false, fieldErrors: toFieldErrors(parsed.error.issues, t) };
}

/** The runner every helper builds on: guard, parse, run, map errors (`refused` hears each refusal after the guard). */
export function buildActionRunner<TInput, TActor, TResult extends AnyResult>(
  spec: ActionSpec<TInput, TActor, TResult, boolean>,
  guard: Guard<TActor>,
  bindsDriver: boolean,
  refused: RefusalHook<TActor> = async () => {},
): ActionRunner<TResult> {
  const log = logger(spec.scope);
  const takesForm = spec.form !== false;
  const echoes = takesForm && spec.echo !== false;

  return async (formArgument, bound) => {
    const t = await requestTranslator();
    if (takesForm && !isFormSubmission(formArgument)) return unreadableForm(t);
    const formData = takesForm ? (formArgument as FormData) : null;
    const values = formData ? formValues(formData, [...(spec.secret ?? []), ...(spec.hidden ?? [])]) : {};
    const echoed = echoes ? values : undefined;

    const guarded = await guard(formData, echoed, t);
    if ("refusal" in guarded) return guarded.refusal;

    const actor = guarded.actor;
    let driverId = Number.NaN;
    if (bindsDriver) {
      const id = readDriverId(bound);
      if (id === null) {
        await refused("invalid-driver-id", { actor, formData, driverId });
        return withValues(noDriver(t), echoed);
      }
      driverId = id;
    }

    const reading = readInput(spec as ActionSpec<TInput, unknown, AnyResult, boolean>, formData, values, t);
    if (!reading.ok) {
      await refused("invalid-input", { actor, formData, driverId });
      if (typeof spec.invalid === "function") return spec.invalid(reading.fieldErrors, values, t);
      const message = spec.invalid === undefined ? {} : { message: t(spec.invalid) };
      return { status: "invalid", fieldErrors: reading.fieldErrors, ...message, values };
    }

    const context: ActionContext<TActor> = { actor, values, formData, driverId, t };
    let outcome: TResult | Navigation<TResult>;
    try {
      outcome = await spec.run(reading.input, context);
    } catch (error) {
      if (isNextControlFlow(error)) throw error;
      await refused(auditReasonOf(error), { actor, formData, driverId, context, error });
      const known = spec.expected?.(error, context, reading.input);
      if (known) return known;
      if (error instanceof ExpectedError) {
        const message = error.blame?.said ?? t(error.key, error.values);
        if (error.blame) return { status: "invalid", fieldErrors: { [error.blame.field]: [message] }, values };
        return withValues({ status: "error", code: error.code, message } as const, echoed);
      }
      if (spec.rejected && error instanceof PlatformValidationError) {
        const message = spec.rejected.message === undefined ? {} : { message: t(spec.rejected.message) };
        return { status: "invalid", fieldErrors: platformFieldErrors(error), ...message, values };
      }
      log.error(`${spec.failure.log} failed`, error);
      const doing =
        typeof spec.failure.doing === "function"
          ? spec.failure.doing(formData)
          : (spec.failure.doing ?? "doing.generic");
      const message = spec.failure.message ? t(spec.failure.message) : platformErrorMessage(t, error, doing);
      return withValues({ status: "error", message } as const, echoed);
    }
    if (isNavigation(outcome)) return outcome[NAVIGATION]();
    if (outcome.status === "error" || outcome.status === "invalid") {
      const reason = "code" in outcome && typeof outcome.code === "string" ? outcome.code : undefined;
      await refused(reason ?? (outcome.status === "invalid" ? "invalid-input" : "refused"), {
        actor,
        formData,
        driverId,
        context,
      });
    }
    return outcome;
  };
}

/** An action of the signed-in driver: `context.actor` is the driver with a platform account. */
export function driverAction<TInput, TResult extends AnyResult, TForm extends boolean = true>(
  spec: ActionSpec<TInput, DriverViewer, TResult, TForm>,
): FormAction<TResult, TForm> {
  const runner = buildActionRunner(
    spec,
    async (_formData, values) => {
      const viewer = await driverForAction(values);
      return isRefusal(viewer) ? { refusal: viewer } : { actor: viewer };
    },
    false,
  );
  return formAction<TResult, TForm>(runner);
}

/** An action of any signed-in account, driver or staff (their own passkeys): `context.actor` is the viewer. */
export function accountAction<TInput, TResult extends AnyResult, TForm extends boolean = true>(
  spec: ActionSpec<TInput, Viewer, TResult, TForm>,
): FormAction<TResult, TForm> {
  const runner = buildActionRunner(
    spec,
    async (_formData, values, t) => {
      const viewer = await getViewer();
      if (viewer) return { actor: viewer };
      const refusal = { status: "error", code: "unauthorized", message: t("forms.signInToContinue") } as const;
      return { refusal: values ? { ...refusal, values } : refusal };
    },
    false,
  );
  return formAction<TResult, TForm>(runner);
}

/**
 * An action anyone may run (sign-in, sign-up, sign-out): `context.actor` is null. `plain: true` makes a
 * plain `<form action>` (it works before and without JavaScript; its answer is the page).
 */
export function publicAction<TInput, TResult extends AnyResult, TForm extends boolean = true>(
  spec: ActionSpec<TInput, null, TResult, TForm> & { plain: true },
): PlainFormAction;
export function publicAction<TInput, TResult extends AnyResult, TForm extends boolean = true>(
  spec: ActionSpec<TInput, null, TResult, TForm> & { plain?: false },
): FormAction<TResult, TForm>;
export function publicAction<TInput, TResult extends AnyResult, TForm extends boolean = true>(
  spec: ActionSpec<TInput, null, TResult, TForm> & { plain?: boolean },
): FormAction<TResult, TForm> | PlainFormAction {
  const runner = buildActionRunner(spec, async () => ({ actor: null }), false);
  return spec.plain === true ? plainFormAction(runner) : formAction<TResult, TForm>(runner);
}
