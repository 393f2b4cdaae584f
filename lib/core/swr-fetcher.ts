/**
 * The one SWR fetcher: JSON from the portal's own API, or a `FetchError` carrying the HTTP status
 * (0 when offline) and words for the user. Each hook brings only its wording. Pure: runs in the browser.
 */

export class FetchError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "FetchError";
  }
}

export interface FetchWording {
  /** Shown when the request never reached the portal. */
  offline: string;
  /** Shown when the portal's answer carries no `error` words of its own. */
  failed: (status: number) => string;
}

export interface JsonFetcherOptions<T> {
  wording: FetchWording;
  /** Bypass the browser cache (live figures). */
  noStore?: boolean;
  /** The part of the body the hook wants; undefined counts as a failed read. */
  pick?: (body: unknown) => T | undefined;
}

export function jsonFetcher<T>({ wording, noStore = false, pick = (body) => body as T }: JsonFetcherOptions<T>) {
  return async function fetchJson(url: string): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: "application/json" },
        ...(noStore ? { cache: "no-store" as const } : {}),
      });
    } catch {
      throw new FetchError(0, wording.offline);
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = (body as { error?: unknown } | null)?.error;
      throw new FetchError(response.status, typeof error === "string" ? error : wording.failed(response.status));
    }
    const picked = body === null ? undefined : pick(body);
    if (picked === undefined) throw new FetchError(response.status, wording.failed(response.status));
    return picked;
  };
}
