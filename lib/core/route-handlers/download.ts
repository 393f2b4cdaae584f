import "server-only";
import { requestTranslator } from "@/lib/core/auth/request-translator";
import type { MessageKey } from "@/lib/core/i18n/translator";
import { inWords, type Wording } from "@/lib/core/i18n/wording";
import { pulledStream } from "./pulled-stream";
import { RouteError } from "./route-error";
import { PRIVATE_NO_STORE } from "./route-handler";

/** The headers of a download: private, never cached, saved under `filename`, never sniffed as another type. */
export function downloadHeaders(contentType: string, filename: string): HeadersInit {
  return {
    ...PRIVATE_NO_STORE,
    "content-type": contentType,
    "content-disposition": `attachment; filename="${filename}"`,
    "x-content-type-options": "nosniff",
  };
}

/** Only a download's own filters are read (`names`; a `userId` or `page` in the URL is ignored); a bad one is a 400 with every problem, in the request's words. */
export async function downloadFilterFrom<F>(
  url: URL,
  names: readonly string[],
  parse: (own: URLSearchParams) => { filter: F; problems: Wording[] },
  badFilters: MessageKey,
): Promise<F> {
  const own = new URLSearchParams();
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value !== null) own.set(name, value);
  }
  const { filter, problems } = parse(own);
  if (problems.length === 0) return filter;
  const t = await requestTranslator();
  const sentences = problems.map((problem) => inWords(t, problem)).join(" ");
  throw new RouteError(400, badFilters, undefined, { problems: sentences });
}

/** A download streamed as the reader pulls (pulled-stream.ts); a failure part-way is logged with `onError` and ends it. */
export async function streamedDownload(
  chunks: AsyncGenerator<string | Uint8Array, void, undefined>,
  file: { contentType: string; filename: string },
  onError: (error: unknown) => void,
): Promise<Response> {
  const body = await pulledStream(chunks, onError);
  return new Response(body, { status: 200, headers: downloadHeaders(file.contentType, file.filename) });
}
