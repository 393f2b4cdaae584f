import { serveFetchHandler } from "@/emulators/http-adapter";
import { createPlatformEmulator, type PlatformEmulator, type PlatformEmulatorOptions } from "@/emulators/platform";

/**
 * Starts the platform emulator standalone on an ephemeral loopback port, so tests talk to it over
 * real HTTP exactly as the portal does with a real platform.
 */
export const TEST_API_KEY = "test-api-key";
export const TEST_READONLY_KEY = "test-readonly-key";

export interface ApiResult {
  status: number;
  headers: Headers;
  /** Raw body text ("" for 202/204). */
  text: string;
  /** Parsed JSON body, or undefined when the body is empty or not JSON. */
  body: any;
}

export interface CallOptions {
  /** JSON-encoded and sent with Content-Type: application/json. */
  body?: unknown;
  /** Sent as is (for malformed bodies); set headers yourself. */
  rawBody?: string;
  /** Bearer key; defaults to the full key; null sends no Authorization header. */
  key?: string | null;
  headers?: Record<string, string>;
}

export interface RunningPlatformEmulator {
  url: string;
  emulator: PlatformEmulator;
  /** A call to any path (platform or control) on the running server. */
  call(method: string, path: string, options?: CallOptions): Promise<ApiResult>;
  /** Fetches an absolute URL (e.g. links.next) with the full key. */
  get(absoluteUrl: string, key?: string): Promise<ApiResult>;
  close(): Promise<void>;
}

async function toResult(response: Response): Promise<ApiResult> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, text, body };
}

export async function startPlatformEmulator(
  options: Partial<PlatformEmulatorOptions> = {},
): Promise<RunningPlatformEmulator> {
  const emulator = createPlatformEmulator({
    apiKey: TEST_API_KEY,
    readOnlyKey: TEST_READONLY_KEY,
    voucherDelayMs: 100,
    ...options,
  });
  const server = await serveFetchHandler(emulator.handle, { port: 0 });

  const call = async (method: string, path: string, opts: CallOptions = {}) => {
    const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
    const key = opts.key === undefined ? TEST_API_KEY : opts.key;
    if (key !== null) headers.authorization = `Bearer ${key}`;
    let body: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers["content-type"] ??= "application/json";
    }
    return toResult(await fetch(`${server.url}${path}`, { method, headers, body }));
  };

  const get = async (absoluteUrl: string, key = TEST_API_KEY) =>
    toResult(await fetch(absoluteUrl, { headers: { accept: "application/json", authorization: `Bearer ${key}` } }));

  return {
    url: server.url,
    emulator,
    call,
    get,
    close: () => {
      emulator.stop();
      return server.close();
    },
  };
}
