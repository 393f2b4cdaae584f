import type { MessageKey, Translator } from "@/lib/core/i18n/translator";

/**
 * What every server action returns (DESIGN.md convention 4). `values` echoes what the user typed
 * so that a form re-rendered after an error loses nothing.
 */
export type FieldErrors = Record<string, string[] | undefined>;

export type ActionResult<TData = undefined> =
  | { status: "idle"; values?: Record<string, string> }
  | { status: "ok"; message?: string; data?: TData; values?: Record<string, string> }
  | { status: "invalid"; fieldErrors: FieldErrors; message?: string; values: Record<string, string> }
  | { status: "error"; message: string; code?: string; values?: Record<string, string> };

export const idle = { status: "idle" } as const;

/**
 * A server action's form argument comes from the request body, which a crafted request can fill
 * with anything React can decode (a string, an object, nothing): check it before reading a field.
 */
export function isFormSubmission(formData: unknown): formData is FormData {
  return formData instanceof FormData;
}

/** What an action answers when its form argument is not a form (see isFormSubmission). */
export function unreadableForm(t: Translator) {
  return { status: "error", code: "unreadable-form", message: t("forms.unreadable") } as const satisfies ActionResult;
}

/** Plain strings of a FormData (files and hidden framework fields dropped), for echoing back. */
export function formValues(formData: FormData, skip: string[] = []): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData.entries()) {
    if (typeof value !== "string" || key.startsWith("$ACTION") || skip.includes(key)) continue;
    values[key] = value;
  }
  return values;
}

interface Issue {
  path: readonly PropertyKey[];
  message: string;
  minimum?: unknown;
  maximum?: unknown;
}

/**
 * zod issues → per-field messages. Schema messages are catalogue keys, worded here with `{min}`/`{max}`; zod's own
 * English defaults never reach a driver.
 */
export function toFieldErrors(issues: readonly Issue[], t: Translator): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "_form");
    (errors[key] ??= []).push(issueMessage(issue, t));
  }
  return errors;
}

/** A zod issue's catalogue key (schema messages are keys) and the `{min}`/`{max}` it is worded with. */
export function issueWords(issue: Pick<Issue, "message" | "minimum" | "maximum">) {
  const bound = (value: unknown) => (typeof value === "number" || typeof value === "bigint" ? Number(value) : 0);
  return { key: issue.message as MessageKey, values: { min: bound(issue.minimum), max: bound(issue.maximum) } };
}

function issueMessage(issue: Issue, t: Translator): string {
  const { key, values } = issueWords(issue);
  return t.has(key) ? t(key, values) : t("validation.invalid");
}
