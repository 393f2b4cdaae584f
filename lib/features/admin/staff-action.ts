import "server-only";
import type { Role } from "@/lib/core/auth/roles";
import type { Viewer } from "@/lib/core/auth/viewer";
import { checkStaff } from "./staff-check";
import {
  auditErrorText,
  recordAudit,
  runNotingAudits,
  withAudit,
  type AuditedMutation,
  type AuditEntryInput,
  type AuditNotes,
} from "@/lib/core/audit";
import {
  boundFormAction,
  buildActionRunner,
  formAction,
  type ActionContext,
  type ActionSpec,
  type AnyResult,
  type BoundFormAction,
  type FormAction,
  type Navigation,
} from "@/lib/core/actions/action";

/** Staff server actions: the action helper with the staff check first and every outcome in the audit log. */

export interface StaffOnly {
  role: Exclude<Role, "driver">;
  /** The audit name; a refusal of a signed-in account is kept under it. */
  audit: string | ((formData: FormData | null) => string);
  /** The page binds a driver id as the first argument: validated, or the action answers NO_DRIVER. */
  boundDriver?: boolean;
}

/** Where a staff action's audit entry may say more than the action's name and its driver. */
type AuditExtras<T> = Pick<AuditedMutation<T>, "details" | "resultDetails" | "targetCard" | "targetPlatformUserId">;

export interface StaffActionContext extends ActionContext<Viewer> {
  /** Runs a mutation and audits it under the action's audit name, on the bound driver (if any). */
  audited<T>(mutation: () => Promise<T>, extras?: AuditExtras<T>): Promise<T>;
  /** Audits an outcome that is no mutation's (a refusal by a limit, a voucher's answer). */
  recordAudit(entry: Pick<AuditEntryInput, "outcome" | "details" | "error" | "reason">): Promise<void>;
}

export type StaffActionSpec<TInput, TResult extends AnyResult, TForm extends boolean = true> = Omit<
  ActionSpec<TInput, Viewer, TResult, TForm>,
  "run"
> &
  StaffOnly & {
    run: (input: TInput, context: StaffActionContext) => Promise<TResult | Navigation<TResult>>;
  };

/** A staff action: role checked (refusals audited) before anything is read; its mutations audited by name. */
export function staffAction<TInput, TResult extends AnyResult, TForm extends boolean = true>(
  spec: StaffActionSpec<TInput, TResult, TForm> & { boundDriver: true },
): BoundFormAction<TResult, TForm>;
export function staffAction<TInput, TResult extends AnyResult, TForm extends boolean = true>(
  spec: StaffActionSpec<TInput, TResult, TForm> & { boundDriver?: false },
): FormAction<TResult, TForm>;
export function staffAction<TInput, TResult extends AnyResult, TForm extends boolean = true>(
  spec: StaffActionSpec<TInput, TResult, TForm>,
): FormAction<TResult, TForm> | BoundFormAction<TResult, TForm> {
  const auditName = (formData: FormData | null) =>
    typeof spec.audit === "function" ? spec.audit(formData) : spec.audit;
  // Per call: whether its outcome is already in the log (an audited mutation, or an entry a service wrote).
  const notes = new WeakMap<ActionContext<Viewer>, AuditNotes>();
  const runner = buildActionRunner(
    {
      ...spec,
      run: (input, context) => {
        const target = {
          actor: context.actor,
          action: auditName(context.formData),
          targetPlatformUserId: spec.boundDriver === true ? context.driverId : undefined,
        };
        const noted = { recorded: false };
        notes.set(context, noted);
        return runNotingAudits(noted, () =>
          spec.run(input, {
            ...context,
            audited: (mutation, extras) => withAudit({ ...target, ...extras, run: mutation }),
            recordAudit: (entry) => recordAudit({ ...target, ...entry }),
          }),
        );
      },
    },
    async (formData, _values, t) => {
      const check = await checkStaff(spec.role, auditName(formData));
      if (check.ok) return { actor: check.actor };
      return { refusal: { status: "error", code: check.code, message: t(check.refusal) } };
    },
    spec.boundDriver === true,
    // Every refusal of a signed-in staff member is an entry with its reason (issue 33, R4-5): bad input, a bad id,
    // a feature's refusal, a limit; unless the action recorded the outcome itself.
    async (reason, { actor, formData, driverId, context, error }) => {
      if (context && notes.get(context)?.recorded) return;
      await recordAudit({
        actor,
        action: auditName(formData),
        targetPlatformUserId: spec.boundDriver === true && Number.isFinite(driverId) ? driverId : undefined,
        outcome: "failure",
        reason,
        error: error === undefined ? `Refused: ${reason}` : auditErrorText(error),
      });
    },
  );
  return spec.boundDriver === true ? boundFormAction<TResult, TForm>(runner) : formAction<TResult, TForm>(runner);
}
