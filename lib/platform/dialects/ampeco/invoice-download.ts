import "server-only";
import { abortReason, currentPlatformSignal } from "../../cancellation";
import {
  InvoicePdfError,
  isPlatformError,
  PlatformForbiddenError,
  PlatformNotFoundError,
  PlatformRateLimitedError,
  PlatformResponseError,
  PlatformUnavailableError,
} from "../../errors";

/**
 * An invoice's `downloadUrl` as real tenants serve it: redirects to https hosts, a PDF known by its bytes, a stall cut,
 * the key to the platform's own origin only (docs/platform-fidelity.md, A3; docs/design-notes.md).
 */
export const MAX_INVOICE_REDIRECTS = 5;
export const MAX_INVOICE_PDF_BYTES = 20 * 1024 * 1024;
/** A PDF starts with this, after at most a few bytes of junk some producers put first. */
const PDF_MAGIC = Buffer.from("%PDF-");
const MAGIC_WINDOW = 1024;
/** Types that say nothing about the file: the bytes decide. */
const GENERIC_TYPE =
  /^(application\/(octet-stream|x-download|force-download|download|binary)|binary\/octet-stream|application\/x-pdf)?$/i;

export interface InvoiceDownloadOptions {
  /** The API's origin: the only one that gets the key, and the only one reached over plain http. */
  platformOrigin: string;
  bearer: () => Promise<string>;
  fetch: typeof fetch;
  /** For the answer's headers, and again for each silence in the body. */
  timeoutMs: number;
}

export interface DownloadedPdf {
  bytes: Uint8Array;
  redirects: number;
  /** Whether the file came from another host than the API's. */
  offPlatform: boolean;
}

function refusal(status: number): Error {
  if (status === 404 || status === 410) return new PlatformNotFoundError("invoices.get");
  if (status === 401 || status === 403) return new PlatformForbiddenError("invoices.get");
  if (status === 429) return new PlatformRateLimitedError("invoices.get", null);
  if (status >= 500) return new PlatformUnavailableError("invoices.get", "server", { status });
  return new PlatformResponseError("invoices.get", `unexpected status ${status} for the PDF`, { status });
}

/** A timer that aborts the fetch after `ms` of silence; `touch` starts it again. */
function silenceTimer(ms: number) {
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, ms);
  };
  touch();
  // A cancelled download (lib/platform/cancellation.ts) stops the PDF's fetch as well.
  const cancel = currentPlatformSignal();
  const onCancel = () => controller.abort(cancel ? abortReason(cancel) : undefined);
  if (cancel?.aborted) onCancel();
  else cancel?.addEventListener("abort", onCancel, { once: true });
  const stop = () => {
    clearTimeout(timer);
    cancel?.removeEventListener("abort", onCancel);
  };
  return { signal: controller.signal, touch, stop, timedOut: () => timedOut };
}

/** The whole body, up to the cap; a silence past the timer cancels it (also a body that is not a fetch's). */
async function readCapped(body: ReadableStream<Uint8Array>, timer: ReturnType<typeof silenceTimer>): Promise<Buffer> {
  const reader = body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  timer.signal.addEventListener("abort", stop, { once: true });
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (timer.timedOut()) throw new Error("the body stalled");
    if (done) {
      timer.signal.removeEventListener("abort", stop);
      return Buffer.concat(chunks);
    }
    timer.touch();
    size += value.byteLength;
    if (size > MAX_INVOICE_PDF_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new InvoicePdfError("too-large");
    }
    chunks.push(value);
  }
}

function nextHop(location: string, from: URL): URL {
  try {
    return new URL(location, from);
  } catch {
    throw new InvoicePdfError("unsafe-link");
  }
}

const isPdf = (bytes: Buffer) => bytes.subarray(0, MAGIC_WINDOW).includes(PDF_MAGIC);

export async function downloadInvoicePdf(downloadUrl: string, options: InvoiceDownloadOptions): Promise<DownloadedPdf> {
  let url: URL;
  try {
    url = new URL(downloadUrl);
  } catch {
    throw new InvoicePdfError("unsafe-link");
  }
  const timer = silenceTimer(options.timeoutMs);
  try {
    for (let redirects = 0; ; redirects++) {
      const own = url.origin === options.platformOrigin;
      if (!own && url.protocol !== "https:") throw new InvoicePdfError("unsafe-link");
      const headers: Record<string, string> = { Accept: "application/pdf, application/octet-stream;q=0.5, */*;q=0.1" };
      if (own) headers.Authorization = `Bearer ${await options.bearer()}`;
      const response = await options.fetch(url, { headers, redirect: "manual", signal: timer.signal });
      timer.touch();
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        if (redirects >= MAX_INVOICE_REDIRECTS) throw new InvoicePdfError("too-many-redirects", response.status);
        url = nextHop(location, url);
        continue;
      }
      if (response.status < 200 || response.status > 299 || !response.body) {
        await response.body?.cancel();
        throw refusal(response.status);
      }
      const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
      if (!/^application\/pdf$/i.test(type) && !GENERIC_TYPE.test(type)) {
        await response.body.cancel();
        throw new InvoicePdfError("not-a-pdf", response.status);
      }
      const bytes = await readCapped(response.body, timer);
      if (!isPdf(bytes)) throw new InvoicePdfError("not-a-pdf", response.status);
      return { bytes: new Uint8Array(bytes), redirects, offPlatform: !own };
    }
  } catch (cause) {
    if (timer.timedOut())
      throw new PlatformUnavailableError("invoices.get", "timeout", { cause, timeoutMs: options.timeoutMs });
    if (isPlatformError(cause)) throw cause;
    throw new PlatformUnavailableError("invoices.get", "network", { cause });
  } finally {
    timer.stop();
  }
}
