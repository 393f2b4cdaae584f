import { earlyTranslator } from "@/lib/core/i18n/early-words";
import type { MessageKey } from "@/lib/core/i18n/translator";

/**
 * A page POST must be what React sends for the portal's forms, within a length; else a 4xx, not Next's 500. Edge-safe
 * (middleware). Details: docs/design-notes.md#libcoresecurityaction-bodyts.
 */
export const ACTION_BODY_LIMIT_BYTES = 64 * 1024;

export interface RefusedBody {
  status: 400 | 411 | 413;
  /** In the request's language. */
  error: string;
}

interface Refusal {
  status: RefusedBody["status"];
  /** A catalogue key. */
  error: MessageKey;
}

const NOT_A_FORM: Refusal = { status: 400, error: "forms.notAForm" };

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Null when the request may go on; the refusal otherwise. Reads a copy of the body (≤ the limit). */
export async function refusedActionBody(request: Request): Promise<RefusedBody | null> {
  const refusal = await refusalOf(request);
  if (refusal === null) return null;
  return { status: refusal.status, error: earlyTranslator(request)(refusal.error) };
}

async function refusalOf(request: Request): Promise<Refusal | null> {
  const contentType = request.headers.get("content-type") ?? "";
  const multipart = /^multipart\/form-data\s*;/i.test(contentType);
  const text = /^text\/plain\s*(;|$)/i.test(contentType);
  if (!multipart && !text) return NOT_A_FORM;
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  if (!Number.isInteger(length) || length < 0) return { status: 411, error: "forms.needsLength" };
  if (length > ACTION_BODY_LIMIT_BYTES) return { status: 413, error: "forms.tooLarge" };
  try {
    if (text) return parsesAsJson(await request.clone().text()) ? null : NOT_A_FORM;
    // React puts a fetch action's arguments in field "0" as JSON; a no-JS form post has no such field.
    const root = (await request.clone().formData()).get("0");
    return root === null || (typeof root === "string" && parsesAsJson(root)) ? null : NOT_A_FORM;
  } catch {
    return NOT_A_FORM;
  }
}
