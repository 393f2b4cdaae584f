import { z } from "zod";
import { json } from "./http";

/**
 * Fault injection for resilience tests of the portal's client: fixed latency, random 5xx or 429,
 * a temporary rate limit, and one-shot rules. A rule with phase "before" answers instead of the
 * platform (nothing happens); phase "after" lets the platform act and then delays or replaces the
 * answer — the case of a timeout after the side effect, which a client must not blindly retry.
 * Faults live in memory only and apply to /public-api paths only.
 */
/** A path pattern given to the control API: a regular expression's source that compiles. */
export const pathPatternSchema = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((source) => {
      try {
        new RegExp(source);
        return true;
      } catch {
        return false;
      }
    }, "The :attribute field must be a valid regular expression.");

const RuleSchema = z
  .object({
    method: z
      .string()
      .regex(/^[A-Za-z]{3,7}$/)
      .optional(),
    path: pathPatternSchema(500),
    times: z.int().min(1).max(10_000).default(1),
    status: z.int().min(400).max(599).optional(),
    delayMs: z.int().min(0).max(120_000).optional(),
    phase: z.enum(["before", "after"]).default("before"),
  })
  .strict()
  .refine((rule) => rule.status !== undefined || rule.delayMs !== undefined, {
    message: "A rule needs a status, a delayMs, or both.",
    path: ["status"],
  });

// Strict on purpose: a typo in a test's fault body must fail loudly, not inject nothing.
export const FaultsInputSchema = z
  .object({
    latencyMs: z.int().min(0).max(60_000).default(0),
    errorRate: z.number().min(0).max(1).default(0),
    rateLimitedRate: z.number().min(0).max(1).default(0),
    rateLimit: z
      .object({ limit: z.int().min(1), windowMs: z.int().min(1) })
      .strict()
      .nullable()
      .default(null),
    rules: z.array(RuleSchema).max(100).default([]),
  })
  .strict();

export type FaultRule = z.infer<typeof RuleSchema>;
export type Faults = z.infer<typeof FaultsInputSchema>;

const NO_FAULTS: Faults = { latencyMs: 0, errorRate: 0, rateLimitedRate: 0, rateLimit: null, rules: [] };

const STATUS_MESSAGES: Record<number, string> = {
  429: "Too Many Attempts.",
  500: "Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

export function faultResponse(status: number, nowMs: number): Response {
  const message = STATUS_MESSAGES[status] ?? `Emulated fault (status ${status}).`;
  const headers: Record<string, string> =
    status === 429
      ? { "retry-after": "1", "x-ratelimit-reset": String(Math.ceil(nowMs / 1000) + 1), "x-ratelimit-remaining": "0" }
      : {};
  return json(status, { message }, headers);
}

export interface BeforeOutcome {
  /** Set when the fault answers instead of the platform. */
  response: Response | null;
  /** Set when a phase-"after" rule matched: apply it to the real response. */
  after: FaultRule | null;
}

export class FaultInjector {
  private faults: Faults = structuredClone(NO_FAULTS);

  constructor(
    private now: () => Date,
    private random: () => number = Math.random,
  ) {}

  get(): Faults {
    return structuredClone(this.faults);
  }

  set(faults: Faults): void {
    this.faults = structuredClone(faults);
  }

  clear(): void {
    this.faults = structuredClone(NO_FAULTS);
  }

  rateLimitOverride(): Faults["rateLimit"] {
    return this.faults.rateLimit;
  }

  async before(method: string, pathname: string): Promise<BeforeOutcome> {
    await sleep(this.faults.latencyMs);
    const rule = this.takeRule(method, pathname);
    if (rule && rule.phase === "before") {
      await sleep(rule.delayMs ?? 0);
      if (rule.status !== undefined) return { response: faultResponse(rule.status, this.now().getTime()), after: null };
    }
    const after = rule && rule.phase === "after" ? rule : null;
    if (this.faults.errorRate > 0 && this.random() < this.faults.errorRate) {
      return { response: faultResponse(this.random() < 0.5 ? 500 : 503, this.now().getTime()), after: null };
    }
    if (this.faults.rateLimitedRate > 0 && this.random() < this.faults.rateLimitedRate) {
      return { response: faultResponse(429, this.now().getTime()), after: null };
    }
    return { response: null, after };
  }

  async after(rule: FaultRule, response: Response): Promise<Response> {
    await sleep(rule.delayMs ?? 0);
    return rule.status !== undefined ? faultResponse(rule.status, this.now().getTime()) : response;
  }

  /** First matching rule with uses left; a used-up rule is removed so GET shows what is still armed. */
  private takeRule(method: string, pathname: string): FaultRule | null {
    const index = this.faults.rules.findIndex(
      (rule) =>
        (rule.method === undefined || rule.method.toUpperCase() === method) && new RegExp(rule.path).test(pathname),
    );
    const rule = this.faults.rules[index];
    if (!rule) return null;
    rule.times -= 1;
    if (rule.times <= 0) this.faults.rules.splice(index, 1);
    return { ...rule };
  }
}
