import { expect } from "vitest";
import { z } from "zod";
import type { ApiResult } from "@/tests/support/platform-emulator-server";

/**
 * The wire contract as the conformance tests see it. Strict objects: an extra field (e.g. a UTC
 * time on a session list item) fails a test just like a missing one.
 */
export const isoUtc = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
export const isoAmsterdam = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00$/);

export const ErrorBody = z.strictObject({ message: z.string().min(1) });
export const ValidationBody = z.strictObject({
  message: z.literal("The given data was invalid."),
  errors: z.record(z.string(), z.array(z.string().min(1)).min(1)),
});

export const UserRead = z.strictObject({
  id: z.int(),
  email: z.email(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postCode: z.string().nullable(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable(),
  balance: z.number(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable(),
  createdAt: isoUtc,
});
export const UserCreated = z.strictObject({
  id: z.string().regex(/^\d+$/),
  email: z.email(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  balance: z.literal(0),
  currency: z.null(),
  createdAt: isoUtc,
});
export const UserUpdated = UserRead.omit({ balance: true, currency: true, createdAt: true });

export const Token = z.strictObject({
  id: z.int(),
  userId: z.int(),
  code: z.string().regex(/^[A-Z0-9]+$/),
  visualNumber: z.string().nullable(),
  type: z.enum(["rfid", "app"]),
  status: z.enum(["active", "blocked", "inactive"]),
  createdAt: isoUtc,
});

export const SessionListItem = z.strictObject({
  id: z.int(),
  startedAtLocal: isoAmsterdam,
  stoppedAtLocal: isoAmsterdam.nullable(),
  energy: z.int().min(0),
  amount: z
    .number()
    .min(0)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, "at most 2 decimals"),
  status: z.enum(["started", "charging", "finished", "failed"]),
  evseId: z.int(),
  locationId: z.int(),
});
export const SessionDetail = SessionListItem.extend({ startedAt: isoUtc, stoppedAt: isoUtc.nullable() });

const Translation = z.strictObject({ locale: z.string(), translation: z.string().min(1) });
export const LocationSummary = z.strictObject({
  id: z.int(),
  name: z.array(Translation).min(1),
  geoposition: z.strictObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
  address: z.object({ street: z.string(), number: z.string() }),
  city: z.string(),
});
export const LocationDetail = LocationSummary.extend({
  evses: z.array(
    z.strictObject({
      id: z.int(),
      status: z.string(),
      connectors: z.array(z.strictObject({ type: z.string(), power: z.number().positive() })).min(1),
    }),
  ),
});

export const PageMeta = z.strictObject({
  current_page: z.int().min(1),
  last_page: z.int().min(1),
  per_page: z.int().min(1).max(100),
  total: z.int().min(0),
});
export const TokenPageMeta = PageMeta.omit({ last_page: true });
export const Links = z.strictObject({ next: z.url().nullable() });

export function page<T extends z.ZodType>(
  item: T,
): z.ZodObject<{ data: z.ZodArray<T>; meta: typeof PageMeta; links: typeof Links }, z.core.$strict>;
export function page<T extends z.ZodType, M extends z.ZodType>(
  item: T,
  meta: M,
): z.ZodObject<{ data: z.ZodArray<T>; meta: M; links: typeof Links }, z.core.$strict>;
export function page(item: z.ZodType, meta: z.ZodType = PageMeta) {
  return z.strictObject({ data: z.array(item), meta, links: Links });
}

/** Parses with a readable failure (zod's issues end up in the assertion message). */
export function shape<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success)
    expect.fail(
      `shape mismatch: ${JSON.stringify(result.error.issues.slice(0, 5))}\nin ${JSON.stringify(value).slice(0, 800)}`,
    );
  return result.data;
}

/** Asserts the status and that the body is `{message}` (or the 422 shape), never a 500. */
export function expectError(result: ApiResult, status: number, message?: string | RegExp) {
  expect(result.status, result.text).toBe(status);
  expect(result.headers.get("content-type")).toMatch(/^application\/json/);
  const body = status === 422 ? shape(ValidationBody, result.body) : shape(ErrorBody, result.body);
  if (typeof message === "string") expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  return body;
}

/** A 422 with an error on exactly these fields (at least). */
export function expectFieldErrors(result: ApiResult, ...fields: string[]) {
  const body = expectError(result, 422) as z.infer<typeof ValidationBody>;
  for (const field of fields) expect(Object.keys(body.errors), JSON.stringify(body.errors)).toContain(field);
  return body.errors;
}

export function expectRateLimitHeaders(result: ApiResult) {
  expect(Number(result.headers.get("x-ratelimit-limit")), `x-ratelimit-limit on ${result.status}`).toBeGreaterThan(0);
  expect(result.headers.get("x-ratelimit-remaining"), `x-ratelimit-remaining on ${result.status}`).toMatch(/^\d+$/);
}

/** Follows links.next to the end; returns every page's body. */
export async function collectPages(first: ApiResult, get: (url: string) => Promise<ApiResult>, maxPages = 50) {
  const pages = [first];
  let current = first;
  while (current.body?.links?.next) {
    if (pages.length >= maxPages) throw new Error("links.next never reached null");
    current = await get(current.body.links.next as string);
    expect(current.status).toBe(200);
    pages.push(current);
  }
  return pages;
}
