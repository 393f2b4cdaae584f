import { createPlatformClient, type PlatformClientOptions } from "@/lib/platform/client";
import type { PlatformLogLine } from "@/lib/platform/logging";
import { createPlatformRequester } from "@/lib/platform/request";

/** A scripted stand-in for the platform: no network, recorded requests, recorded waits. */

export const KEY = "sk_live_SECRET123";
export const BASE = "https://platform.example.test";
/** Options for a client a test builds but never calls. */
export const UNCALLED_CLIENT = {
  baseUrl: BASE,
  apiKey: KEY,
  timeoutMs: 1,
  maxRetries: 0,
  retryCapMs: 1,
  partnerId: 1,
  userGroupId: 1,
};

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export interface Reply {
  status?: number;
  /** Serialised as JSON unless `raw` is given. */
  json?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

export type Script = Reply | ((req: RecordedRequest, signal: AbortSignal) => Reply | Promise<Reply>);

export function reply(json: unknown, status = 200, headers: Record<string, string> = {}): Reply {
  return { status, json, headers };
}

/** A fetch that answers from `script` in order (the last entry repeats). */
export function scriptedFetch(script: Script[]) {
  const requests: RecordedRequest[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const text = typeof init.body === "string" ? init.body : undefined;
    const req: RecordedRequest = {
      method: init.method ?? "GET",
      url,
      headers: new Headers(init.headers),
      body: text === undefined ? undefined : JSON.parse(text),
    };
    requests.push(req);
    const step = script[Math.min(requests.length - 1, script.length - 1)];
    if (step === undefined) throw new Error("no scripted reply");
    const r = typeof step === "function" ? await step(req, init.signal as AbortSignal) : step;
    const status = r.status ?? 200;
    const body = r.raw ?? (r.json === undefined ? null : JSON.stringify(r.json));
    return new Response(status === 204 || status === 205 ? null : body, {
      status,
      headers: { "content-type": "application/json", ...r.headers },
    });
  }) as typeof fetch;
  return { fetch: fetchImpl, requests };
}

/** A reply that never arrives until the request is aborted (models a hung platform). */
export const hang: Script = (_req, signal) =>
  new Promise<Reply>((_resolve, reject) => {
    signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
  });

export function harness(script: Script[], overrides: Partial<PlatformClientOptions> = {}) {
  const { fetch, requests } = scriptedFetch(script);
  const waits: number[] = [];
  const lines: PlatformLogLine[] = [];
  let clock = 1_700_000_000_000;
  const options: PlatformClientOptions = {
    baseUrl: BASE,
    apiKey: KEY,
    fetch,
    timeoutMs: 50,
    maxRetries: 3,
    retryCapMs: 10_000,
    partnerId: 1116,
    userGroupId: 257,
    logger: (line) => lines.push(line),
    sleep: async (ms) => {
      waits.push(ms);
      clock += ms;
    },
    random: () => 0.5,
    now: () => clock,
    ...overrides,
  };
  const client = createPlatformClient(options);
  return {
    client,
    requester: createPlatformRequester({ ...options, endpoints: client.wire.endpoints }),
    requests,
    waits,
    lines,
    setClock: (ms: number) => {
      clock = ms;
    },
  };
}

export async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

export const userJson = (overrides: Record<string, unknown> = {}) => ({
  id: 734519,
  email: "jane.driver@example.org",
  firstName: "Jane",
  lastName: "Driver",
  phone: "+31612345678",
  address: "Keizersgracht 1",
  city: "Amsterdam",
  postCode: "1015AA",
  country: "NL",
  balance: 42.5,
  currency: "EUR",
  createdAt: "2026-01-02T10:00:00Z",
  ...overrides,
});

export const sessionJson = (overrides: Record<string, unknown> = {}) => ({
  id: 55001,
  startedAtLocal: "2026-03-14T18:02:11+01:00",
  stoppedAtLocal: "2026-03-14T19:12:40+01:00",
  energy: 12345,
  amount: 4.2,
  status: "finished",
  evseId: 801,
  locationId: 9001,
  ...overrides,
});

export const listJson = (data: unknown[], next: string | null, meta: Record<string, unknown> = {}) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: data.length, total: data.length, ...meta },
  links: { next },
});
