import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

/**
 * Response validation against the published structure of the real platform
 * (ampeco-openapi-subset.json, copied from shared/reference with its SOURCES note). No shape is
 * written by hand here: every check is the subset's own response schema, compiled by ajv.
 */
interface Operation {
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
interface Subset {
  paths: Record<string, Record<string, Operation>>;
}

const subset = JSON.parse(readFileSync(path.join(__dirname, "ampeco-openapi-subset.json"), "utf8")) as Subset;

const ajv = new Ajv({ allErrors: true, strictTypes: false, strictRequired: false, strictTuples: false });
addFormats(ajv);
// OpenAPI formats outside JSON Schema that the subset uses.
ajv.addFormat("integer", /^-?\d+$/);
ajv.addFormat("decimal", { type: "number", validate: (n: number) => Number.isFinite(n) });
ajv.addFormat("datetime", { type: "string", validate: (s: string) => !Number.isNaN(Date.parse(s)) });
ajv.addKeyword("example");
ajv.addKeyword("x-enumDescriptions");

/**
 * Invoice details answer in the tenant's invoice manager's shape; the subset's oneOf cannot tell them apart (every
 * "Ampeco Invoice Manager" body is a valid "SoftOne" one), so the manager the emulator plays is checked alone.
 */
export const INVOICE_MANAGER_TITLES = {
  ampeco: "Ampeco Invoice Manager",
  cardcom: "Cardcom Invoice Manager",
  softone: "SoftOne Invoice Manager",
  ecpay: "Ecpay Invoice Manager",
} as const;
export type InvoiceManagerName = keyof typeof INVOICE_MANAGER_TITLES;

function tenantShape(schema: object, manager: InvoiceManagerName): object {
  const branches = (schema as { oneOf?: Array<{ title?: string }> }).oneOf;
  return branches?.find((branch) => branch.title === INVOICE_MANAGER_TITLES[manager]) ?? schema;
}

/** Users v1.1 has the v1.0 shape (the subset's note); everything else is looked up as served. */
const ALIASES: Array<[RegExp, string]> = [[/\/users\/v1\.1(\/|$)/, "/users/v1.0$1"]];

const templates = Object.keys(subset.paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`),
}));

export function operationTemplate(pathname: string): string | null {
  let lookup = pathname;
  for (const [from, to] of ALIASES) lookup = lookup.replace(from, to);
  return templates.find((t) => t.pattern.test(lookup))?.template ?? null;
}

const compiled = new Map<string, ValidateFunction | null>();

/** The compiled JSON response schema, or null when the operation declares no body for that status. */
export function responseValidator(
  method: string,
  pathname: string,
  status: number,
  manager: InvoiceManagerName = "ampeco",
): ValidateFunction | null {
  const template = operationTemplate(pathname);
  if (!template) throw new Error(`${method} ${pathname} is not an operation of the subset`);
  const operation = subset.paths[template]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${template} is not in the subset`);
  const response = operation.responses[String(status)];
  if (!response) throw new Error(`${method} ${template} declares no ${status} response`);
  const key = `${method} ${template} ${status} ${manager}`;
  if (!compiled.has(key)) {
    const schema = response.content?.["application/json"]?.schema;
    compiled.set(key, schema ? ajv.compile(tenantShape(schema, manager)) : null);
  }
  return compiled.get(key) ?? null;
}

export function schemaErrors(validate: ValidateFunction, body: unknown): string | null {
  return validate(body) ? null : ajv.errorsText(validate.errors, { separator: "\n" });
}

interface CallbackOperation {
  post: { requestBody: { content: { "application/json": { schema: object } } } };
}

/** The request body schema of one notification kind: a callback of the subscribe operation. */
export function callbackValidator(kind: string): ValidateFunction {
  const key = `callback ${kind}`;
  if (!compiled.has(key)) {
    const subscribe = subset.paths["/public-api/notifications/v2.0"]?.post as unknown as {
      callbacks: Record<string, Record<string, CallbackOperation>>;
    };
    const callback = subscribe.callbacks[kind];
    if (!callback) throw new Error(`The subset declares no callback ${kind}`);
    const operation = Object.values(callback)[0];
    if (!operation) throw new Error(`The callback ${kind} has no operation`);
    compiled.set(key, ajv.compile(operation.post.requestBody.content["application/json"].schema));
  }
  return compiled.get(key) as ValidateFunction;
}
