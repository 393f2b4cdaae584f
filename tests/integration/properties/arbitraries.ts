import fc from "fast-check";
import type { Viewer } from "@/lib/core/auth/viewer";
import {
  DEMO_DRIVER_EMAIL,
  DEMO_DRIVER_ID,
  NEW_DRIVER_EMAIL,
  SECOND_DRIVER_EMAIL,
  SECOND_DRIVER_ID,
} from "@/emulators/platform";
import { VIEWERS } from "./harness";

/**
 * Random input for the property tests: who is signed in, form fields (plausible values mixed with
 * anything at all), query strings, path parameters and request headers.
 */

/** Signed out, or any kind of signed-in account: a driver most of the time. */
export const driverSideViewer: fc.Arbitrary<Viewer | null> = fc.oneof(
  { weight: 6, arbitrary: fc.constant(VIEWERS.driver) },
  { weight: 1, arbitrary: fc.constant(VIEWERS.secondDriver) },
  { weight: 1, arbitrary: fc.constant(null) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Viewer>(VIEWERS.unlinkedDriver, VIEWERS.goneDriver, VIEWERS.support, VIEWERS.admin),
  },
);

/** Staff most of the time, and everyone who must be refused. */
export const staffSideViewer: fc.Arbitrary<Viewer | null> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(VIEWERS.support) },
  { weight: 4, arbitrary: fc.constant(VIEWERS.admin) },
  { weight: 1, arbitrary: fc.constantFrom<Viewer | null>(null, VIEWERS.driver, VIEWERS.unlinkedDriver) },
);

// ---------------------------------------------------------------- arbitraries: text

/** Strings as a URL or form can carry them (lone surrogates become U+FFFD on the way anyway). */
export function usv(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

export const NASTY = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  "1; SELECT pg_sleep(5)",
  "${7*7}",
  "{{7*7}}",
  "%s%s%s%n",
  "../../../../etc/passwd",
  "%00",
  "\u0000",
  "\u0000abc",
  "\uFEFF",
  "\u202Eevil",
  "\u200B",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-Infinity",
  "true",
  "[]",
  "{}",
  "[object Object]",
  "__proto__",
  "constructor",
  '{"__proto__":{"polluted":1}}',
  "0",
  "-0",
  "-1",
  "1.5",
  "1e309",
  "1e-7",
  "0x10",
  "0b11",
  "9007199254740993",
  "99999999999999999999999",
  "2147483648",
  "１２３",
  "٣٤٥",
  "🔌⚡",
  "👩‍👩‍👧‍👦",
  "Zoë Ångström",
  "\r\n",
  "a\nb",
];

export const whitespace = fc.string({
  unit: fc.constantFrom(" ", "\t", "\n", "\r", "\u00a0", "\u2003", "\u3000", "\u200b"),
  maxLength: 12,
});

export const numberString = fc.oneof(
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.nat(9999).map((n) => `${n}.${n}`),
);

/** Up to ~5,000 characters: a repeated chunk, cheap to make and to shrink. */
export const longString = fc
  .tuple(fc.string({ unit: "grapheme", minLength: 1, maxLength: 4 }), fc.integer({ min: 100, max: 5000 }))
  .map(([chunk, length]) => chunk.repeat(Math.ceil(length / chunk.length)).slice(0, length));

/**
 * Any code point but a surrogate, as fc.string's "binary" unit draws them, made from integers: that unit spends 0.75 s
 * of every test file's import on a reverse map of all 1.1 million code points.
 */
const SURROGATES = 0xe000 - 0xd800;
const anyCodePoints = fc
  .array(fc.integer({ min: 0, max: 0x10ffff - SURROGATES }))
  .map((indexes) => indexes.map((i) => String.fromCodePoint(i >= 0xd800 ? i + SURROGATES : i)).join(""));

export const anyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string() },
  { weight: 3, arbitrary: fc.string({ unit: "grapheme" }) },
  { weight: 1, arbitrary: anyCodePoints },
  { weight: 1, arbitrary: longString },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: whitespace },
  { weight: 2, arbitrary: numberString },
  { weight: 1, arbitrary: fc.constant("") },
);

/** A value typed into one field: mostly a plausible one for that field, often anything at all. */
export function fieldValue(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 3, arbitrary: anyText });
}

// ---------------------------------------------------------------- arbitraries: plausible values

const SEEDED_EMAILS = [
  DEMO_DRIVER_EMAIL,
  SECOND_DRIVER_EMAIL,
  NEW_DRIVER_EMAIL,
  "support@example.com",
  "admin@example.com",
  "unlinked@example.com",
];

/** Brand-new addresses (they reach the platform), seeded ones (taken, or one's own) and RFC oddities. */
export const emailValue: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789"), minLength: 1, maxLength: 12 })
      .map((l) => `p.${l}@example.com`),
  },
  { weight: 2, arbitrary: fc.constantFrom(...SEEDED_EMAILS) },
  { weight: 1, arbitrary: fc.constantFrom(...SEEDED_EMAILS).map((e) => `  ${e.toUpperCase()} `) },
  { weight: 2, arbitrary: fc.emailAddress() },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "a@b",
      "@example.com",
      "x@example..com",
      "x@-example.com",
      `${"a".repeat(250)}@example.com`,
      "x@example.com\n",
      "x@exa mple.com",
    ),
  },
);

/** Mostly long enough for the portal's rule (APP_PASSWORD_MIN, 12), sometimes short of it. */
export const passwordValue = fc.string({ minLength: 8, maxLength: 40 });
export const nameValue = fc.oneof(
  fc.constantFrom("Anna", "Jean-Luc", "Zoë", "O'Brien", "María José", "李", "Nguyễn"),
  fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz ABCDEF-'"), minLength: 1, maxLength: 30 }),
);
export const phoneValue = fc.oneof(
  fc.constantFrom("+31 6 12345678", "+31 20 123 4567", "(020) 123-4567", "+3161234567890123", "12345"),
  fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 6, maxLength: 16 }).map((d) => `+${d}`),
);
export const addressValue = fc.oneof(
  fc.constantFrom("Keizersgracht 123", "Dam 1", "Rue de l'Église 4b"),
  fc.string({ unit: "grapheme-ascii", maxLength: 40 }),
);
export const cityValue = fc.oneof(
  fc.constantFrom("Amsterdam", "Utrecht", "'s-Hertogenbosch", "Zürich", "São Paulo"),
  fc.string({ unit: "grapheme-ascii", maxLength: 40 }),
);
export const postCodeValue = fc.oneof(
  fc.constantFrom("1015 CJ", "10115", "SW1A 1AA", "3511-AB", "1"),
  fc.stringMatching(/^[A-Z0-9 -]{2,16}$/),
);
export const countryValue = fc.constantFrom("NL", "DE", "BE", "FR", "GB", "US", "nl", " de ", "XX", "ZZ", "NLD", "");

/** The profile's fields, as the profile, sign-up and admin driver forms all have them (for formArb). */
export const profileFields = {
  firstName: nameValue,
  lastName: nameValue,
  phone: phoneValue,
  address: addressValue,
  city: cityValue,
  postCode: postCodeValue,
  country: countryValue,
};

/** VAT ids: valid ones (written plainly or not), wrong check digits, wrong formats, no or a non-EU country. */
export const vatIdValue = fc.oneof(
  fc.constantFrom(
    "NL000099998B57",
    "DE136695976",
    "nl 0000.99998.b57",
    "NL000099998B58",
    "DE136695977",
    "DE1234",
    "000099998B57",
    "GB980780684",
    "XX123",
    "",
  ),
  fc.stringMatching(/^[A-Z]{2}[0-9A-Z]{2,14}$/),
);

/** The billing details form's fields, as the driver's and the admin driver page's forms have them (for formArb). */
export const billingFields = {
  clientType: fc.constantFrom("individual", "company", "", "Company", "other"),
  individualName: nameValue,
  companyName: fc.oneof(fc.constantFrom("Laadpaal B.V.", "Strom & Co. GmbH"), nameValue),
  companyTaxId: vatIdValue,
  companyRegNo: fc.oneof(fc.constantFrom("12345678", "HRB 12345"), fc.string({ maxLength: 50 })),
  address: addressValue,
  postCode: postCodeValue,
  city: cityValue,
  country: countryValue,
  requireInvoice: fc.constantFrom("on", "", "off", "true"),
};

export const CARD_CODES = {
  ownActive: "04A1B2C3D4E5F6",
  ownBlocked: "0499AA88BB77CC",
  elsewhere: "04123456789ABC",
};
export const cardCodeValue = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^[0-9A-F]{8,14}$/) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...Object.values(CARD_CODES), "04 a1 b2 c3 d4 e5 f6", "abc", "0".repeat(33)),
  },
);
export const visualNumberValue = fc.oneof(
  fc.stringMatching(/^[A-Z0-9][A-Z0-9 ./-]{0,20}$/),
  fc.constantFrom("NL-DPT-000123-4", "X"),
);
export const idValue = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom("1001", "1002", "1003", "2001", "2002", "2003", "2004", "2005", "70001", "70002"),
  },
  { weight: 2, arbitrary: fc.integer({ min: -10, max: 100_000 }).map(String) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "0",
      "-1",
      "1.5",
      "1e3",
      "0x7D1",
      " 2001 ",
      "2001abc",
      "NaN",
      "Infinity",
      "9007199254740993",
      "2147483648",
      "",
    ),
  },
);
export const voucherCodeValue = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "WELCOME10",
      "CHARGE25",
      "SPRING5",
      "USED-2025",
      "EXPIRED-2024",
      "FLEET-ONLY",
      " welcome10 ",
      "NO-SUCH-CODE",
    ),
  },
  { weight: 2, arbitrary: fc.stringMatching(/^[A-Z0-9][A-Z0-9_-]{0,20}$/) },
);

/** JSON of a profile as the form rendered it, a tampered one, or junk. */
export const baselineValue: fc.Arbitrary<string> = fc.oneof(
  fc
    .record({
      firstName: fc.option(nameValue, { nil: null }),
      lastName: fc.option(nameValue, { nil: null }),
      phone: fc.option(phoneValue, { nil: null }),
      address: fc.option(addressValue, { nil: null }),
      city: fc.option(cityValue, { nil: null }),
      postCode: fc.option(postCodeValue, { nil: null }),
      country: fc.option(countryValue, { nil: null }),
    })
    .map((b) => JSON.stringify(b)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  anyText,
);

// ---------------------------------------------------------------- arbitraries: forms

/** One form entry; `{file}` stands for an uploaded file (FormData can carry those too). */
export type FormEntry = [name: string, value: string | { file: string }];

const extraFieldName = (real: readonly string[]) =>
  fc.oneof(
    fc.constantFrom(
      "__proto__",
      "constructor",
      "toString",
      "hasOwnProperty",
      "$ACTION_ID_0123abcd",
      "$ACTION_REF_1",
      "$ACTION_1:0",
      "userId",
      "platformUserId",
      "role",
      "status",
      "password",
      "baseline",
      "intent",
    ),
    fc.constantFrom(...real), // a repeated field: FormData keeps both
    fc.string({ maxLength: 20 }),
  );

/**
 * Random submissions of one form: a third with every field plausible (so the platform is reached),
 * the rest mixing plausible values with anything at all, missing fields, repeated and unknown
 * fields, and the odd file where text was expected.
 */
export function formArb(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<FormEntry[]> {
  const names = Object.keys(fields);
  const plausible = fc.record(fields);
  const mixed = fc.record(
    Object.fromEntries(
      names.map((name) => [
        name,
        fc.option(
          fc.oneof(
            { weight: 12, arbitrary: fieldValue(fields[name]!) },
            { weight: 1, arbitrary: fc.constant("\u0000FILE") },
          ),
          { nil: undefined, freq: 8 },
        ),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, string | undefined>>;
  const extras = fc.array(
    fc.tuple(
      extraFieldName(names),
      fc.oneof(
        anyText,
        fc.string().map((file) => ({ file })),
      ),
    ),
    { maxLength: 3 },
  );
  return fc
    .tuple(fc.oneof({ weight: 1, arbitrary: plausible }, { weight: 2, arbitrary: mixed }), extras)
    .map(([values, more]) => {
      const entries: FormEntry[] = [];
      for (const [name, value] of Object.entries(values)) {
        if (value === undefined) continue;
        entries.push([name, value === "\u0000FILE" ? { file: "not a text field" } : value]);
      }
      return [...entries, ...(more as FormEntry[])];
    });
}

export function toFormData(entries: readonly FormEntry[]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === "string") data.append(name, value);
    else data.append(name, new File([value.file], "upload.bin", { type: "application/octet-stream" }));
  }
  return data;
}

/** The text of a submission, for telling a leak from the user's own words quoted back. */
export function inputsOf(entries: readonly FormEntry[]): string[] {
  return entries.flatMap(([name, value]) => [name, typeof value === "string" ? value : value.file]);
}

/** What a bound action argument (an id the page bound) can arrive as: it came from the browser. */
export const boundIdArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(DEMO_DRIVER_ID, SECOND_DRIVER_ID, 1003) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: idValue },
  { weight: 1, arbitrary: fc.jsonValue() },
);

// ---------------------------------------------------------------- arbitraries: requests

const QUERY_KEYS = [
  "lat",
  "lng",
  "radiusKm",
  "limit",
  "status",
  "from",
  "to",
  "page",
  "perPage",
  "userId",
  "id",
  "q",
  "filter[userId]",
  "sort",
  "callbackUrl",
];

export const queryValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: numberString },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "NaN",
      "-1",
      "0",
      "-0",
      "1e308",
      "-1e308",
      "Infinity",
      "",
      " ",
      "52.37",
      "4.89",
      "91",
      "-181",
      "200",
      "201",
      "500",
      "501",
      "10abc",
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "finished",
      "charging",
      "running",
      "failed",
      "all",
      "2026-03-01",
      "2026-02-30",
      "2026-13-01",
      "2026-03-01T12:00:00Z",
      "0000-01-01",
      "9999-12-31",
      "01/03/2026",
    ),
  },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) },
  { weight: 3, arbitrary: anyText },
);

/** Random query strings: known and unknown keys, repeated keys (arrays), encoded or raw. */
export const queryArb: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...QUERY_KEYS) },
            { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
          ),
          queryValue,
        ),
        { maxLength: 8 },
      )
      .map((pairs) => new URLSearchParams(pairs.map(([k, v]) => [usv(k), usv(v)])).toString()),
  },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 60 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "lat=%E0%A4%A&lng=%",
      "lat[]=1&lat[]=2",
      "lat=1&lat=2&lng=3&lng=4",
      "a=%00&b=%FF%FE",
      "%",
      "=&=&&",
      `limit=${"9".repeat(400)}`,
    ),
  },
);

/** A path parameter as Next hands it over: decoded text, anything a URL can carry. */
export const pathParamValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: idValue },
  { weight: 2, arbitrary: anyText.map(usv) },
);

const headerText = fc.string({ unit: "grapheme-ascii", maxLength: 60 }).map((s) => s.trim());

export const requestHeadersArb: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    "accept-language": fc.oneof(
      fc.constantFrom("nl-NL,nl;q=0.9,en;q=0.8", "en", "de-DE", "*", "x-klingon", "en-US-u-ca-buddhist"),
      headerText,
    ),
    "x-forwarded-for": fc.oneof(fc.ipV4(), fc.ipV6(), headerText),
    "content-type": fc.constantFrom(
      "application/json",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data",
      "application/json; charset=utf-16",
    ),
    cookie: headerText,
  },
  { requiredKeys: [] },
);

export function toRequestUrl(pathname: string, query: string): string {
  return `http://localhost${pathname}${query ? `?${query}` : ""}`;
}

/** The pack dialog's fields, as sent and as anyone could type them into the URL. */
export const expensePackQuery = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record(
        {
          period: fc.oneof(fc.constantFrom("this-month", "last-month", "custom", "filters", "CUSTOM"), queryValue),
          from: fc.oneof(
            fc.constantFrom("2026-03-01", "2025-01-01", "2026-02-30", "2099-01-01", "2000-01-01"),
            queryValue,
          ),
          to: fc.oneof(fc.constantFrom("2026-03-14", "2026-03-31", "2024-02-29"), queryValue),
          status: fc.oneof(fc.constantFrom("finished", "failed", "charging"), queryValue),
          userId: fc.constantFrom("1002", "1001", "-1"),
        },
        { requiredKeys: [] },
      )
      .map((q) => new URLSearchParams(q).toString()),
  },
  { weight: 1, arbitrary: queryArb },
);

/** A download's own filters, plausible and not, with a userId that must change nothing; or any query at all. */
export function downloadFilterQuery(filters: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const userId = fc.constantFrom("1002", "1001", "-1");
  const filtered = fc
    .record({ ...filters, userId }, { requiredKeys: [] })
    .map((q) => new URLSearchParams(q as Record<string, string>).toString());
  return fc.oneof({ weight: 2, arbitrary: filtered }, { weight: 1, arbitrary: queryArb });
}
