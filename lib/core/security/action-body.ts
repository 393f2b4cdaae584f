import { earlyTranslator } from "@/lib/core/i18n/early-words";
import type { MessageKey } from "@/lib/core/i18n/translator";

/**
 * A POST to a page is a server action (or its no-JS form post), and its body must be what React
 * sends for the portal's own forms: multipart form data, or — for an action that reads no form,
 * whose unused arguments Next leaves out — the arguments as JSON text; within a declared length.
 * Anything else gets a 4xx here instead of a 500 from Next's decoder or its body limit. What
 * decodes but holds the wrong types reaches the action, which answers with a clear error
 * (isFormSubmission in lib/core/actions/action-result.ts). The refusal is in the request's language.
 * Edge-safe: middleware.ts runs it.
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
