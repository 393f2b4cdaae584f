import { z } from "zod";

/** E-mail as typed by a person: trimmed, lower-cased, sane length. */
export const emailSchema = z
  .string({ error: "Enter your e-mail address." })
  .trim()
  .min(1, "Enter your e-mail address.")
  .max(254, "That e-mail address is too long.")
  .pipe(z.email("Enter a valid e-mail address, like name@example.com."))
  .transform((v) => v.toLowerCase());
