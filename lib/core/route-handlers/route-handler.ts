import "server-only";
import type { ZodType } from "zod";
import { auditReasonOf } from "@/lib/core/audit-reason";
import { auditErrorText, recordAudit, type AuditTarget } from "@/lib/core/audit";
import { getViewer } from "@/lib/core/auth/viewer";
import { requestTranslator } from "@/lib/core/auth/request-translator";
import { logger } from "@/lib/core/log";
import { answerForError, type ErrorWords } from "./error-answer";

/** The one way to write a route handler: access first, then parameters; errors through error-answer.ts, `no-store`. */

/** What Next hands a route handler as its second argument. */
export interface RouteContext {
  params: Promise<Record<string, string | string[] | undefined>>;
}

export type RouteHandler = ((request: Request, context?: RouteContext) => Promise<Response>) & {
  readonly [ROUTE_HANDLER]: true;
  /** The audit name a staff handler's refusals are kept under. */
  readonly [AUDITED_AS]?: string;
};

/** Marks the functions built here, so a test can tell that every exported handler is one. */
export const ROUTE_HANDLER = Symbol.for("driver-portal.route-handler");
export const AUDITED_AS = Symbol.for("driver-portal.route-handler.audited-as");

/** A staff handler's audit: every refusal or failure is an entry under `action` with its reason code (issue 33, R4-5). */
export interface RouteAudit {
  action: string;
  /** The driver the request is about, read from the raw path parameters (they may not parse). */
  target?: (params: Record<string, unknown>) => AuditTarget & { details?: Record<string, unknown> };
}

export const PRIVATE_NO_STORE = { "cache-control": "private, no-store" } as const;
/** An answer about the instance (health, metrics), kept by no cache at all. */
export const NO_STORE = { "cache-control": "no-store" } as const;

export interface RouteSpec<TActor, TParams> {
  /** The logger scope of the failure lines ("sessions", "map", …). */
  scope: string;
  words: ErrorWords;
  /** Who may call: the caller, or a throw of AccessDeniedError (401/403) or RouteError (404). */
  access: (request: Request) => Promise<TActor>;
  /** The path parameters, and the RouteError a value that does not parse gets. */
  params?: { schema: ZodType<TParams>; invalid: () => Error };
  run: (call: { request: Request; actor: TActor; params: TParams }) => Promise<Response>;
  /** Staff handlers: their refusals are audited (a success is the handler's own entry, with its details). */
  audit?: RouteAudit;
}

/** Records a staff handler's refusal under the caller (the actor, else whoever is signed in; nobody: no entry). */
async function auditRefusal(audit: RouteAudit, error: unknown, actor: unknown, context?: RouteContext): Promise<void> {
  const who = (actor as { userId?: string; email?: string } | undefined)?.userId ? actor : await getViewer();
  if (!who) return;
  const raw = ((await context?.params) ?? {}) as Record<string, unknown>;
  const { details, ...target } = audit.target?.(raw) ?? {};
  await recordAudit({
    actor: who as { userId: string; email: string },
    action: audit.action,
    ...target,
    outcome: "failure",
    details,
    error: auditErrorText(error),
    reason: auditReasonOf(error),
  });
}

export function jsonError(
  status: number,
  message: string,
  headers: Record<string, string> = {},
  fields?: Record<string, string[]>,
): Response {
  const body = fields ? { error: message, fields } : { error: message };
  return Response.json(body, { status, headers: { ...PRIVATE_NO_STORE, ...headers } });
}

export function routeHandler<TActor, TParams = Record<string, never>>(spec: RouteSpec<TActor, TParams>): RouteHandler {
  const log = logger(spec.scope);
  const handler = async (request: Request, context?: RouteContext): Promise<Response> => {
    let actor: TActor | undefined;
    try {
      actor = await spec.access(request);
      let params = {} as TParams;
      if (spec.params) {
        const parsed = spec.params.schema.safeParse((await context?.params) ?? {});
        if (!parsed.success) throw spec.params.invalid();
        params = parsed.data;
      }
      return await spec.run({ request, actor, params });
    } catch (error) {
      if (spec.audit) await auditRefusal(spec.audit, error, actor, context);
      const answer = answerForError(error, spec.words, await requestTranslator());
      if (answer.log !== "none") log[answer.log](`${new URL(request.url).pathname} failed`, error);
      return jsonError(answer.status, answer.message, answer.headers, answer.fields);
    }
  };
  return Object.assign(handler, {
    [ROUTE_HANDLER]: true as const,
    ...(spec.audit ? { [AUDITED_AS]: spec.audit.action } : {}),
  });
}
