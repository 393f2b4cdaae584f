/** What a form's useActionState starts with. */
export const IDLE = { status: "idle" } as const;

/** A submitted form, as a server action receives it. */
export function formOf(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}
