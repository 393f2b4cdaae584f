import { beforeEach, expect } from "vitest";
import type { PlatformEmulatorOptions } from "@/emulators/platform";
import {
  startPlatformEmulator,
  type ApiResult,
  type CallOptions,
  type RunningPlatformEmulator,
} from "@/tests/support/platform-emulator-server";
import { responseValidators, schemaErrors, type InvoiceManagerName } from "./openapi";
import { openForSuite } from "../../support/suite-harness";

/** The ampeco resources the suites call most. */
export const USERS = "/public-api/resources/users/v1.1";
export const ID_TAGS = "/public-api/resources/id-tags/v2.0";
export const SESSIONS = "/public-api/resources/sessions/v1.0";
export const LOCATIONS = "/public-api/resources/locations/v2.0";
export const CHARGE_POINTS = "/public-api/resources/charge-points/v2.0";

/**
 * The platform emulator in the ampeco dialect over real HTTP, where every /public-api answer is
 * checked against the subset's response schema for its operation and status before a test sees it.
 */
export interface AmpecoEmulator extends RunningPlatformEmulator {
  /** Number of responses validated so far (a test can prove it checked something). */
  validated(): number;
}

export async function startAmpecoEmulator(options: Partial<PlatformEmulatorOptions> = {}): Promise<AmpecoEmulator> {
  const emu = await startPlatformEmulator({ dialect: "ampeco", ...options });
  let count = 0;

  /** The invoice manager the emulator plays now (its settings), for the shape of invoice details. */
  const managerFor = async (pathname: string): Promise<InvoiceManagerName> =>
    /\/invoice-details$/.test(pathname)
      ? ((await emu.call("GET", "/__emulator/settings")).body.data.invoiceManager as InvoiceManagerName)
      : "ampeco";

  const check = async (method: string, pathname: string, res: ApiResult) => {
    if (!pathname.startsWith("/public-api/") || pathname === "/public-api/oauth/token") return res;
    const validators = responseValidators(method, pathname, res.status, await managerFor(pathname));
    // No body declared (202, 204, 406): the answer must not pretend to be JSON data.
    if (validators.length === 0 && (res.status === 202 || res.status === 204)) expect(res.text).toBe("");
    for (const validate of validators) {
      const problem = schemaErrors(validate, res.body);
      expect(
        problem,
        `${method} ${pathname} ${res.status} against the subset:\n${problem}\n${res.text.slice(0, 400)}`,
      ).toBeNull();
    }
    count += 1;
    return res;
  };

  return {
    ...emu,
    call: async (method: string, path: string, opts?: CallOptions) =>
      check(method, new URL(path, emu.url).pathname, await emu.call(method, path, opts)),
    get: async (absoluteUrl: string, key?: string) =>
      check("GET", new URL(absoluteUrl).pathname, await emu.get(absoluteUrl, key)),
    validated: () => count,
  };
}

/** The emulator for a suite: started once, back at the seed before each test. */
export function ampecoEmulatorForSuite(options: Partial<PlatformEmulatorOptions> = {}): AmpecoEmulator {
  const emu = openForSuite(() => startAmpecoEmulator(options));
  beforeEach(() => emu.emulator.reset());
  return emu;
}

/** The first five bytes of a file's answer: `%PDF-` for a PDF. */
export async function magicOf(response: Response): Promise<string> {
  return Buffer.from(await response.arrayBuffer())
    .subarray(0, 5)
    .toString();
}
