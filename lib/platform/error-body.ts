import "server-only";
import { z } from "zod";
import type { EndpointName, EndpointDefinition } from "./endpoint-table";
import {
  ChargeStopRejectedError,
  PlatformError,
  PlatformForbiddenError,
  PlatformNotFoundError,
  PlatformResponseError,
  PlatformUnauthorizedError,
  PlatformValidationError,
  VoucherRejectedError,
} from "./errors";

/**
 * Error bodies are `{message}`, and on 422 `{message, errors: {field: [msg]}}`. They are read
 * leniently: a missing or odd body must still yield the typed error for its status.
 */

const ErrorBodySchema = z.object({
  message: z.string().optional().catch(undefined),
  errors: z
    .record(z.string(), z.union([z.array(z.string()), z.string().transform((s) => [s])]))
    .optional()
    .catch(undefined),
});

export interface ErrorBody {
  message?: string;
  errors?: Record<string, string[]>;
}

export function parseErrorBody(text: string): ErrorBody {
  if (text.trim() === "") return {};
  try {
    const parsed = ErrorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The typed error for a non-2xx status other than 429 and 5xx (those drive retries). */
export function errorForStatus(
  endpoint: EndpointName,
  definition: EndpointDefinition,
  status: number,
  text: string,
): PlatformError {
  const body = parseErrorBody(text);
  // A status the endpoint's table gives a meaning of its own (406 on redemption); elsewhere it is unexpected.
  if (definition.statuses?.[status] === "voucher-rejected") return new VoucherRejectedError(endpoint, body.message);
  if (definition.statuses?.[status] === "stop-rejected") return new ChargeStopRejectedError(endpoint, body.message);
  switch (status) {
    case 401:
      return new PlatformUnauthorizedError(endpoint, body.message);
    case 403:
      return new PlatformForbiddenError(endpoint, body.message);
    case 404:
      return new PlatformNotFoundError(endpoint, body.message);
    case 422:
      return new PlatformValidationError(endpoint, body.errors ?? {}, body.message);
  }
  // 3xx (redirects are not followed), 400, 409 …: nothing the portal can act on specifically.
  return new PlatformResponseError(endpoint, `unexpected status ${status}`, { status, platformMessage: body.message });
}
