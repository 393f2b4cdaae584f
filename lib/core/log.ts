import "server-only";
import pino, { type DestinationStream, type Logger } from "pino";
import { getConfig } from "@/lib/core/config";
import { currentTraceId } from "@/lib/core/observability/tracing";

/** The server's one logger (pino, LOG_LEVEL). Keys, tokens, passwords and e-mail addresses are redacted here. */
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

const REDACTED = "[redacted]";
/** Object keys whose values are secrets or personal data, at any depth. */
const SECRET_KEY = /pass(word)?|secret|token|authorization|api[-_]?key|cookie|^key$|^email$|^to$|^identifier$/i;
const EMAIL_ADDRESS = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;
const BEARER = /\b(bearer|basic)\s+[a-z0-9._~+/=-]+/gi;

/** Masks e-mail addresses and bearer credentials inside free text (messages, error texts). */
export function redactText(text: string): string {
  return text.replace(BEARER, (_match, scheme: string) => `${scheme} ${REDACTED}`).replace(EMAIL_ADDRESS, REDACTED);
}

/** A copy of `value` with secret keys masked and free text cleaned; errors become {type, message}. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > 6) return "[too deep]";
  if (value instanceof Error) {
    // A typed error's code survives minification; its class name may not.
    const code = (value as Error & { code?: unknown }).code;
    return {
      type: value.name || "Error",
      ...(typeof code === "string" ? { code } : {}),
      message: redactText(value.message),
    };
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value))
    copy[key] = SECRET_KEY.test(key) ? REDACTED : redactValue(inner, depth + 1);
  return copy;
}

/** A logger writing to `destination` (standard output by default); tests hand in their own stream. */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      // Inside a traced request each line names its trace (lib/core/observability/tracing.ts).
      mixin: () => {
        const traceId = currentTraceId();
        return traceId ? { traceId } : {};
      },
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => redactValue(object) as Record<string, unknown>,
      },
      hooks: {
        // Message strings and interpolation arguments are free text: clean them as well.
        logMethod(args, method) {
          method.apply(
            this,
            args.map((arg) => (typeof arg === "string" ? redactText(arg) : arg)) as Parameters<typeof method>,
          );
        },
      },
    },
    destination,
  );
}

const holder = globalThis as unknown as { __driverPortalLogger?: Logger };

/** The process's logger, created on first use (the configuration is read at run time, never at build). */
function rootLogger(): Logger {
  holder.__driverPortalLogger ??= createLogger(getConfig().logLevel);
  return holder.__driverPortalLogger;
}

/** A logger for one part of the server: every line carries `scope` (e.g. "admin", "map"). */
export function logger(scope: string) {
  const child = () => rootLogger().child({ scope });
  return {
    debug: (message: string, details?: unknown) => child().debug(toFields(details), message),
    info: (message: string, details?: unknown) => child().info(toFields(details), message),
    warn: (message: string, details?: unknown) => child().warn(toFields(details), message),
    error: (message: string, details?: unknown) => child().error(toFields(details), message),
  };
}

function toFields(details: unknown): Record<string, unknown> {
  if (details === undefined) return {};
  if (details instanceof Error) return { error: details };
  if (details !== null && typeof details === "object" && !Array.isArray(details))
    return details as Record<string, unknown>;
  return { detail: details };
}
