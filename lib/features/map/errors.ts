import type { MessageKey } from "@/lib/core/i18n/translator";
import { UpstreamUnavailableError } from "@/lib/core/route-handlers/route-error";

/** Map failures by what the portal does: 401 and 403 mean a bad key (the real API answers 403), 429 fair use. */
export type MapUpstreamErrorKind = "unauthorized" | "rate-limited" | "unavailable";

export class MapUpstreamError extends Error {
  constructor(
    readonly kind: MapUpstreamErrorKind,
    readonly status: number | null,
    message: string,
    /** Seconds the upstream asked us to wait (429 `Retry-After`), when it said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = "MapUpstreamError";
  }
}

/** The map data API refused the portal's key (401 or 403): the status it answered, else undefined. */
export function mapKeyRefusal(error: unknown): { status: number | null } | undefined {
  return error instanceof MapUpstreamError && error.kind === "unauthorized" ? { status: error.status } : undefined;
}

/** No live data and no saved copy: the route answers 503 with `userMessage` in the caller's language. */
export class MapUnavailableError extends UpstreamUnavailableError {
  constructor(
    readonly kind: MapUpstreamErrorKind,
    userMessage: MessageKey,
    retryAfterSeconds: number,
  ) {
    super(`map data unavailable (${kind})`, userMessage, retryAfterSeconds);
    this.name = "MapUnavailableError";
  }
}

/**
 * Plain words for drivers, as a catalogue key: what happened and what to do next. Never mentions
 * keys or codes. The route puts it into the caller's language.
 */
export function userMessageFor(kind: MapUpstreamErrorKind): MessageKey {
  switch (kind) {
    case "unauthorized":
      return "mapErrors.unavailable.unauthorized";
    case "rate-limited":
      return "mapErrors.unavailable.rateLimited";
    case "unavailable":
      return "mapErrors.unavailable.unreachable";
  }
}

/**
 * The notice of a saved copy, as a catalogue key (the route translates it). The response's
 * `fetchedAt` tells when the copy was saved; the page formats it locally.
 */
export function staleNoticeFor(kind: MapUpstreamErrorKind): MessageKey {
  return kind === "rate-limited" ? "mapErrors.stale.busy" : "mapErrors.stale.unavailable";
}

/** Circuit breaker for all map calls in this process: no tight retries; a key problem waits longest, repeats double. */
export interface UpstreamGate {
  /** The failure still being waited out, or null when calls may go upstream. */
  blocked(): { kind: MapUpstreamErrorKind; retryAfterSeconds: number } | null;
  recordFailure(error: MapUpstreamError): void;
  recordSuccess(): void;
}

const BASE_WAIT_SECONDS: Record<MapUpstreamErrorKind, number> = {
  unauthorized: 5 * 60,
  "rate-limited": 2 * 60,
  unavailable: 30,
};
const MAX_WAIT_SECONDS = 30 * 60;

export function createUpstreamGate(now: () => Date = () => new Date()): UpstreamGate {
  let until = 0;
  let kind: MapUpstreamErrorKind = "unavailable";
  let consecutive = 0;
  return {
    blocked() {
      const remainingMs = until - now().getTime();
      return remainingMs > 0 ? { kind, retryAfterSeconds: Math.ceil(remainingMs / 1000) } : null;
    },
    recordFailure(error) {
      consecutive += 1;
      kind = error.kind;
      const backoff = BASE_WAIT_SECONDS[error.kind] * 2 ** Math.min(consecutive - 1, 6);
      const wait = Math.min(MAX_WAIT_SECONDS, Math.max(backoff, error.retryAfterSeconds ?? 0));
      until = now().getTime() + wait * 1000;
    },
    recordSuccess() {
      consecutive = 0;
      until = 0;
    },
  };
}
