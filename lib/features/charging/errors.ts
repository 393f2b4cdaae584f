import "server-only";
import { ExpectedError } from "@/lib/core/errors";
import type { MessageKey } from "@/lib/core/i18n/translator";
import { CHARGING_ERROR_STATUS, type ChargingErrorCode } from "./shared";

/** A start or stop the driver can act on; the action helper puts its key into the reader's words. */
export class ChargingError extends ExpectedError {
  constructor(code: ChargingErrorCode, key: MessageKey, values: Record<string, string | number> = {}) {
    super(code, key, values, key, CHARGING_ERROR_STATUS[code]);
    this.name = "ChargingError";
  }
}
