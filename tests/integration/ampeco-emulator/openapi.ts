import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

/**
 * Response validation against the published structure of the real platform (ampeco-openapi-subset.json and, for
 * charging from the API, ampeco-openapi-charging-subset.json, copied from shared/reference with their SOURCES note).
 * No shape is written by hand here: every check is a subset's own response schema, compiled by ajv. An operation
 * both subsets hold (a charge point's read, settings, a currency) is checked against both.
 */
interface Operation {
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
interface Subset {
  paths: Record<string, Record<string, Operation>>;
}

const readSubset = (file: string) => JSON.parse(readFileSync(path.join(__dirname, file), "utf8")) as Subset;
const subset = readSubset("ampeco-openapi-subset.json");
const SUBSETS = [subset, readSubset("ampeco-openapi-charging-subset.json")];

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

const templatesOf = (source: Subset) =>
  Object.keys(source.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`),
  }));
const TEMPLATES = SUBSETS.map(templatesOf);

function operationTemplate(templates: ReturnType<typeof templatesOf>, pathname: string): string | null {
  let lookup = pathname;
  for (const [from, to] of ALIASES) lookup = lookup.replace(from, to);
  return templates.find((t) => t.pattern.test(lookup))?.template ?? null;
}

const compiled = new Map<string, ValidateFunction | null>();

/**
 * The compiled JSON response schemas of every subset that declares the operation's status; none (an empty list) when
 * it declares no body for it. Throws for an operation or a status no subset declares.
 */
export function responseValidators(
  method: string,
  pathname: string,
  status: number,
  manager: InvoiceManagerName = "ampeco",
): ValidateFunction[] {
  const declared = SUBSETS.flatMap((source, index) => {
    const template = operationTemplate(TEMPLATES[index]!, pathname);
    const operation = template ? source.paths[template]?.[method.toLowerCase()] : undefined;
    return template && operation ? [{ index, template, operation }] : [];
  });
  if (declared.length === 0) throw new Error(`${method} ${pathname} is not an operation of the subsets`);
  const withStatus = declared.filter(({ operation }) => operation.responses[String(status)]);
  if (withStatus.length === 0) throw new Error(`${method} ${declared[0]!.template} declares no ${status} response`);
  return withStatus.flatMap(({ index, template, operation }) => {
    const key = `${index} ${method} ${template} ${status} ${manager}`;
    if (!compiled.has(key)) {
      const schema = operation.responses[String(status)]?.content?.["application/json"]?.schema;
      compiled.set(key, schema ? ajv.compile(tenantShape(schema, manager)) : null);
    }
    const validate = compiled.get(key);
    return validate ? [validate] : [];
  });
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
