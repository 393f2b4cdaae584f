import type { Viewer } from "@/lib/core/auth/viewer";
import { createPlatformEmulator, DEMO_DRIVER_EMAIL, DEMO_DRIVER_ID, type PlatformEmulator } from "@/emulators/platform";
import type { OpenedDatabase } from "@/lib/core/db/connect";
import { createPlatformClient, type PlatformClient } from "@/lib/platform/client";
import {
  inDialect,
  platformWire,
  TEST_DIALECT,
  type PlatformWire,
  type TestDialect,
} from "../../support/platform-dialect";
import { openTestDatabase } from "../../support/test-db";

export { inDialect, TEST_DIALECT };

/**
 * The driver services (lib/features/cards, lib/features/vouchers, lib/features/accounts) against the platform emulator in
 * process and a fresh test database. Test files mock `@/lib/platform` and `@/lib/core/db/client` to hand
 * these out, so the services run unchanged. Every request the client sends is recorded with its body.
 */
export const SERVICE_TEST_KEY = "driver-services-key";

/** The seeded demo driver, signed in (the portal account the suites insert for them). */
export const DEMO_DRIVER_VIEWER: Viewer = {
  userId: "u-demi",
  email: DEMO_DRIVER_EMAIL,
  name: "Demi Driver",
  role: "driver",
  platformUserId: DEMO_DRIVER_ID,
};

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface ServiceHarness {
  /** The dialect both the emulator and the client speak. */
  dialect: TestDialect;
  /** What the portal's operations look like on the wire in that dialect. */
  wire: PlatformWire;
  db: OpenedDatabase;
  emulator: PlatformEmulator;
  client: PlatformClient;
  sent: SentRequest[];
  /** The emulator's control API (state, faults, vouchers). */
  control<T = any>(method: string, path: string, body?: unknown): Promise<T>;
  state(): Promise<EmulatorStateView>;
  close(): Promise<void>;
}

export interface EmulatorStateView {
  users: {
    id: number;
    email: string;
    phone: string | null;
    city: string | null;
    firstName: string | null;
    balance: number;
    currency: string | null;
    requirePasswordReset: boolean;
  }[];
  tokens: { id: number; userId: number; code: string; status: string; visualNumber: string | null }[];
  outbox: { kind: string; userId: number; to: string }[];
  requestLog: { method: string; path: string; query: string; status: number; bodyKeys?: string[] }[];
}

/**
 * Both sides speak `dialect`: TEST_DIALECT (PLATFORM_TEST_DIALECT) unless a test asks for one; `seedLocations` serves
 * the emulator's own locations.
 */
export async function createServiceHarness(
  dialect: TestDialect = TEST_DIALECT,
  options: { seedLocations?: boolean } = {},
): Promise<ServiceHarness> {
  const db = await openTestDatabase();
  const emulator = createPlatformEmulator({
    dialect,
    apiKey: SERVICE_TEST_KEY,
    readOnlyKey: `${SERVICE_TEST_KEY}-ro`,
    voucherDelayMs: 20,
    seedLocations: options.seedLocations ?? false,
  });
  const sent: SentRequest[] = [];
  const fetchThroughEmulator = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = typeof init?.body === "string" ? init.body : undefined;
    sent.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text === undefined ? undefined : JSON.parse(text),
    });
    return emulator.handle(request);
  }) as typeof fetch;
  const client = createPlatformClient({
    dialect,
    baseUrl: "http://platform.test",
    apiKey: SERVICE_TEST_KEY,
    fetch: fetchThroughEmulator,
    timeoutMs: 5000,
    maxRetries: 3,
    retryCapMs: 5000,
    // Waits between retries are the client's business, tested elsewhere; here they only cost time.
    sleep: async () => undefined,
    partnerId: 1116,
    userGroupId: 257,
    logger: () => undefined,
  });
  const control = async (method: string, path: string, body?: unknown) => {
    const response = await emulator.handle(
      new Request(`http://platform.test/__emulator${path}`, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const text = await response.text();
    if (response.status >= 300) throw new Error(`control ${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  return {
    dialect,
    wire: platformWire(dialect),
    db,
    emulator,
    client,
    sent,
    control,
    state: () => control("GET", "/state"),
    close: () => db.close(),
  };
}

/** Requests the services sent to one endpoint path (regex), e.g. /redeem-voucher$/. */
export function sentTo(harness: ServiceHarness, method: string, path: RegExp): SentRequest[] {
  return harness.sent.filter((r) => r.method === method && path.test(r.path));
}
