import { TAG_STATUS } from "@/emulators/platform/ampeco/views";

/**
 * The platform dialect the integration suites run in, on both sides (the emulator and the client):
 * `contract` (the interface contract) unless PLATFORM_TEST_DIALECT=ampeco (the real AMPECO API).
 * `npm test` runs the driver-services, sessions, admin and properties suites in both.
 *
 * `platformWire` says what one portal operation looks like on the wire in a dialect, so a test
 * asserts the same behaviour in both: a card is a token (contract) or an id tag (AMPECO), an
 * e-mail change is its own sub-resource or a PATCH {email} of the user, and so on.
 */
export type TestDialect = "contract" | "ampeco";

function readTestDialect(value: string | undefined): TestDialect {
  if (value === undefined || value === "" || value === "contract") return "contract";
  if (value === "ampeco") return "ampeco";
  // A typo must not quietly run the contract suite a second time.
  throw new Error(`PLATFORM_TEST_DIALECT must be contract or ampeco, not ${JSON.stringify(value)}`);
}

export const TEST_DIALECT: TestDialect = readTestDialect(process.env.PLATFORM_TEST_DIALECT);

/** A request as a test saw it: the method, the path and the parsed JSON body (if any). */
export interface WireRequest {
  method: string;
  path: string;
  body?: unknown;
}

type CardStatus = "active" | "inactive" | "blocked";

export interface PlatformWire {
  dialect: TestDialect;
  /** The card collection (list, create). */
  cardsPath: RegExp;
  /** One card (read, update), by id or any id. */
  cardPath(id?: number): RegExp;
  /** The card collection as a fault rule's path (a regex source). */
  cardsFaultPath: string;
  /** The body a card create carries. */
  cardCreateBody(card: {
    userId: number;
    code: string;
    visualNumber: string;
    type: "rfid";
    status: CardStatus;
  }): Record<string, unknown>;
  /** The body of a card status change. */
  cardStatusBody(status: CardStatus): Record<string, unknown>;
  /** The user collection (create, list). */
  usersPath: RegExp;
  /** One user (read, PATCH). */
  userPath(id?: number): RegExp;
  /** The user-group field of a user create. */
  userGroupField(userGroupId: number): Record<string, unknown>;
  /** Is this request the platform e-mail change of a user? */
  isEmailChange(request: WireRequest, userId?: number): boolean;
  /** The method and path (a regex source) of the e-mail change, for a fault rule. */
  emailChangeFault: { method: string; path: string };
  /** Is this request the start of a password reset for a user? */
  isPasswordReset(request: WireRequest, userId?: number): boolean;
}

const idPattern = (id: number | undefined) => (id === undefined ? "\\d+" : String(id));
const hasKey = (body: unknown, key: string) =>
  typeof body === "object" && body !== null && !Array.isArray(body) && key in body;

const CONTRACT_WIRE: PlatformWire = {
  dialect: "contract",
  cardsPath: /\/public-api\/resources\/tokens\/v1\.0$/,
  cardPath: (id) => new RegExp(`/public-api/resources/tokens/v1\\.0/${idPattern(id)}$`),
  cardsFaultPath: "^/public-api/resources/tokens/v1\\.0$",
  cardCreateBody: (card) => ({ ...card }),
  cardStatusBody: (status) => ({ status }),
  usersPath: /\/public-api\/resources\/users\/v1\.1$/,
  userPath: (id) => new RegExp(`/public-api/resources/users/v1\\.1/${idPattern(id)}$`),
  userGroupField: (userGroupId) => ({ userGroupId }),
  isEmailChange: (r, userId) =>
    r.method === "PATCH" && new RegExp(`/users/v1\\.0/${idPattern(userId)}/email$`).test(r.path),
  emailChangeFault: { method: "PATCH", path: "/email$" },
  isPasswordReset: (r, userId) =>
    r.method === "POST" && new RegExp(`/users/v1\\.0/${idPattern(userId)}/password-reset$`).test(r.path),
};

const AMPECO_WIRE: PlatformWire = {
  dialect: "ampeco",
  cardsPath: /\/public-api\/resources\/id-tags\/v2\.0$/,
  cardPath: (id) => new RegExp(`/public-api/resources/id-tags/v2\\.0/${idPattern(id)}$`),
  cardsFaultPath: "^/public-api/resources/id-tags/v2\\.0$",
  cardCreateBody: (card) => ({
    idTagUid: card.code,
    idLabel: card.visualNumber,
    status: TAG_STATUS[card.status],
    type: card.type,
    userId: card.userId,
  }),
  cardStatusBody: (status) => ({ status: TAG_STATUS[status] }),
  usersPath: /\/public-api\/resources\/users\/v1\.1$/,
  userPath: (id) => new RegExp(`/public-api/resources/users/v1\\.1/${idPattern(id)}$`),
  userGroupField: (userGroupId) => ({ userGroupIds: [userGroupId] }),
  isEmailChange: (r, userId) =>
    r.method === "PATCH" && new RegExp(`/users/v1\\.1/${idPattern(userId)}$`).test(r.path) && hasKey(r.body, "email"),
  emailChangeFault: { method: "PATCH", path: "/users/v1\\.1/\\d+$" },
  isPasswordReset: (r, userId) =>
    r.method === "PATCH" &&
    new RegExp(`/users/v1\\.1/${idPattern(userId)}$`).test(r.path) &&
    JSON.stringify(r.body) === JSON.stringify({ requirePasswordReset: true }),
};

export function platformWire(dialect: TestDialect = TEST_DIALECT): PlatformWire {
  return dialect === "ampeco" ? AMPECO_WIRE : CONTRACT_WIRE;
}

/**
 * `it` or `describe` in the named dialect's pass, and nothing in the other. A flow only one dialect
 * has (the contract's reset mail, AMPECO's one-step move) is tested in that pass and not registered in
 * the other, instead of being reported as skipped there.
 */
export function inDialect<Register extends (...args: never[]) => unknown>(
  dialect: TestDialect,
  register: Register,
): Register {
  return (TEST_DIALECT === dialect ? register : () => undefined) as Register;
}
