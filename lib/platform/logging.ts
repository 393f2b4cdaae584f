import "server-only";
import type { EndpointName, HttpMethod } from "./endpoint-table";
import type { PlatformErrorCode, UnavailableKind } from "./errors";
import { logger } from "@/lib/core/log";

/** How a call ended: "ok", the error code, or for unavailability the finer kind. */
/** `cancelled`: the download it was made for was cancelled (lib/platform/cancellation.ts). */
export type PlatformCallOutcome = "ok" | Exclude<PlatformErrorCode, "unavailable"> | UnavailableKind | "cancelled";

/** One line per platform call, after retries; the path template only, never ids, queries, bodies, addresses or key. */
export interface PlatformLogLine {
  endpoint: EndpointName;
  method: HttpMethod;
  /** Template, e.g. `/public-api/resources/users/v1.1/{id}`. */
  path: string;
  /** Last HTTP status seen, or null when no response arrived. */
  status: number | null;
  outcome: PlatformCallOutcome;
  durationMs: number;
  /** Requests sent, including retries; 0 when the call was refused before sending. */
  attempts: number;
  /** Schema issue paths when a response did not match (paths only, never values). */
  issuePaths?: string[];
}

export type PlatformLogger = (line: PlatformLogLine) => void;

export function formatPlatformLogLine(line: PlatformLogLine): string {
  return `[platform] ${JSON.stringify(line)}`;
}

export const defaultPlatformLogger: PlatformLogger = (line) => {
  logger("platform").info("platform call", line);
};
