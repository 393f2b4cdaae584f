import { z } from "zod";
import type { MessageKey } from "@/lib/core/i18n/translator";

/** Text a person must type: trimmed, not empty, at most `max` characters; both messages are catalogue keys. */
export function requiredText(max: number, messages: { required: MessageKey; tooLong: MessageKey }) {
  return z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.tooLong);
}

/** Markup and control characters: refused outright in text a person types. */
export const NO_MARKUP = /^[^<>{}\u0000-\u001f\u007f]*$/;

/**
 * Bidi, direction-mark and zero-width characters: refused, not stripped, as they let a name show one thing on staff
 * screens and mean another ("Trojan Source").
 */
export const INVISIBLE_OR_DIRECTION = /[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u061c\u2060\ufeff]/;
