import { z } from "zod";
import { parseFilterInstant } from "./time";

/**
 * Wire helpers shared by all routes: Laravel-shaped error bodies, JSON responses, body parsing and
 * page-based pagination. Routes throw HttpError for every expected failure; the router turns it
 * into a response, so no bad input can reach a 500.
 */
export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const INVALID_DATA = "The given data was invalid.";

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** 202/204: no body and no content-type, as the platform sends them. */
export function empty(status: 202 | 204): Response {
  return new Response(null, { status });
}

export function errorResponse(error: HttpError): Response {
  const body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
  return json(error.status, body, error.headers);
}

export function validationError(errors: FieldErrors): HttpError {
  return new HttpError(422, INVALID_DATA, errors);
}

export function notFound(model: string, id: string | number): HttpError {
  return new HttpError(404, `No query results for model [${model}] ${id}`);
}

/** "first_name" / "visualNumber" / "filter.userId" → "first name" / "visual number" / "filter.user id". */
export function attributeName(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * zod issues → Laravel messages. Schemas may carry their own text with the `:attribute`
 * placeholder (Laravel's convention); everything else gets Laravel's default wording.
 */
export function toFieldErrors(error: z.ZodError, input: unknown, keyPrefix = ""): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = keyPrefix + (issue.path.length ? issue.path.map(String).join(".") : "body");
    const attr = attributeName(key);
    let message: string;
    // zod reports a missing enum as invalid_value; Laravel calls both "required".
    if ((issue.code === "invalid_type" || issue.code === "invalid_value") && valueAt(input, issue.path) === undefined) {
      message = `The ${attr} field is required.`;
    } else if (issue.message.includes(":attribute")) {
      message = issue.message.replaceAll(":attribute", attr);
    } else if (issue.code === "invalid_type") {
      const expected = String(issue.expected);
      const noun: Record<string, string> = {
        string: "a string",
        int: "an integer",
        number: "a number",
        boolean: "true or false",
        array: "an array",
        object: "an object",
      };
      message = `The ${attr} field must be ${noun[expected] ?? `of type ${expected}`}.`;
    } else if (issue.code === "too_small") {
      message =
        issue.origin === "string"
          ? `The ${attr} field must be at least ${String(issue.minimum)} characters.`
          : `The ${attr} field must be at least ${String(issue.minimum)}.`;
    } else if (issue.code === "too_big") {
      message =
        issue.origin === "string"
          ? `The ${attr} field must not be greater than ${String(issue.maximum)} characters.`
          : `The ${attr} field must not be greater than ${String(issue.maximum)}.`;
    } else if (issue.code === "invalid_format" && issue.format === "email") {
      message = `The ${attr} field must be a valid email address.`;
    } else if (issue.code === "invalid_format") {
      message = `The ${attr} field format is invalid.`;
    } else if (issue.code === "invalid_value") {
      message = `The selected ${attr} is invalid.`;
    } else {
      message = issue.message;
    }
    (errors[key] ??= []).push(message);
  }
  return errors;
}

export function validate<T extends z.ZodType>(schema: T, input: unknown, keyPrefix = ""): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(toFieldErrors(result.error, input, keyPrefix));
  return result.data;
}

/** Path ids are positive integers; anything else cannot name a record, so it is a 404 like Laravel's binding. */
export function parseId(raw: string | undefined, model: string): number {
  let text = raw ?? "";
  try {
    text = decodeURIComponent(text);
  } catch {
    // Broken %-escapes cannot name a record either; keep the raw text for the message.
  }
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2_147_483_647) throw notFound(model, text);
  return Number(text);
}

/** `filter[<key>]` query values that are present, by key (deepObject style, one level). */
export function readFilters(url: URL, keys: readonly string[]): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const value = url.searchParams.get(`filter[${key}]`);
    if (value !== null) raw[key] = value;
  }
  return raw;
}

export const integerFilter = z
  .string()
  .regex(/^\d{1,10}$/, "The :attribute field must be an integer.")
  .transform(Number)
  .optional();

/** An ISO 8601 filter value as epoch ms (UTC when it has no offset, like the real platform). */
export const instantFilter = z
  .string()
  .transform((value, ctx) => {
    const date = parseFilterInstant(value);
    if (!date) {
      ctx.addIssue({ code: "custom", message: "The :attribute field must be a valid ISO 8601 date." });
      return z.NEVER;
    }
    return date.getTime();
  })
  .optional();

/**
 * Reads and validates a JSON body; `moreRules` adds checks that need the store (uniqueness,
 * existence) to the same pass, so one 422 names every bad field, as Laravel's validator does.
 */
export async function readValidBody<T extends z.ZodType>(
  request: Request,
  schema: T,
  moreRules: (body: Record<string, unknown>, errors: FieldErrors) => void = () => {},
): Promise<z.infer<T>> {
  const body = await readJsonObject(request);
  const parsed = schema.safeParse(body);
  const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error, body);
  moreRules(body, errors);
  if (!parsed.success || Object.keys(errors).length > 0) throw validationError(errors);
  return parsed.data;
}

export const MAX_BODY_BYTES = 256 * 1024;
const JSON_CONTENT_TYPE = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i;

/**
 * Reads a JSON object body. Empty body → `{}` (the password reset sends none in practice).
 * A body in another media type → 415, unparseable → 400, not an object → 400.
 */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  // The HTTP adapter refuses big bodies before they get here; in process (the portal calls
  // handle directly) this is the only guard, so both ways answer the same 413.
  if (Buffer.byteLength(text, "utf8") > MAX_BODY_BYTES)
    throw new HttpError(413, `Request body exceeds ${MAX_BODY_BYTES} bytes.`);
  if (text.trim() === "") return {};
  const contentType = request.headers.get("content-type") ?? "";
  if (!JSON_CONTENT_TYPE.test(contentType)) {
    throw new HttpError(415, "Unsupported Media Type: send the body as JSON with Content-Type: application/json.");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, "The request body is not valid JSON.");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new HttpError(400, "The request body must be a JSON object.");
  }
  return parsed as Record<string, unknown>;
}

export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 100;

const pageParam = (max?: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, "The :attribute field must be an integer.")
    .transform(Number)
    .pipe(max ? z.number().min(1).max(max) : z.number().min(1));

const PaginationQuerySchema = z.object({
  page: pageParam().optional(),
  per_page: pageParam(MAX_PER_PAGE).optional(),
});

export interface PageRequest {
  page: number;
  perPage: number;
}

export function readPagination(url: URL): PageRequest {
  const raw: Record<string, string> = {};
  for (const key of ["page", "per_page"]) {
    const value = url.searchParams.get(key);
    if (value !== null) raw[key] = value;
  }
  const parsed = validate(PaginationQuerySchema, raw);
  return { page: parsed.page ?? 1, perPage: parsed.per_page ?? DEFAULT_PER_PAGE };
}

/**
 * `{data, meta, links:{next}}`. links.next is an absolute URL built from the request URL (all
 * other query parameters kept), or null on the last page. Tokens omit last_page, like the contract.
 */
export function paginate<T>(items: readonly T[], url: URL, options: { withLastPage: boolean }) {
  const { page, perPage } = readPagination(url);
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const data = items.slice((page - 1) * perPage, page * perPage);
  let next: string | null = null;
  if (page < lastPage) {
    const nextUrl = new URL(url.href);
    nextUrl.searchParams.set("page", String(page + 1));
    nextUrl.searchParams.set("per_page", String(perPage));
    next = nextUrl.href;
  }
  const meta = options.withLastPage
    ? { current_page: page, last_page: lastPage, per_page: perPage, total }
    : { current_page: page, per_page: perPage, total };
  return { data, meta, links: { next } };
}
