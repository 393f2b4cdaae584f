import { z } from "zod";

/** E-mail as typed by a person: trimmed, lower-cased, sane length. Messages are catalogue keys. */
export const emailSchema = z
  .string({ error: "auth.email.required" })
  .trim()
  .min(1, "auth.email.required")
  .max(254, "auth.email.tooLong")
  .pipe(z.email("auth.email.invalid"))
  .transform((v) => v.toLowerCase());
