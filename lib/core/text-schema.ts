import { z } from "zod";
import type { MessageKey } from "@/lib/core/i18n/translator";

/** Text a person must type: trimmed, not empty, at most `max` characters; both messages are catalogue keys. */
export function requiredText(max: number, messages: { required: MessageKey; tooLong: MessageKey }) {
  return z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.tooLong);
}
