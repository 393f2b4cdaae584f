import "server-only";
import type { DriverViewer } from "@/lib/core/auth/guards";
import { requestTranslator } from "@/lib/core/auth/request-translator";
import { jsonError } from "@/lib/core/route-handlers/route-handler";
import { startDriverStream, type StreamDeps } from "./stream";

/** GET /api/live's answer: the tab's event stream, or a refusal over the caps in the caller's words (429). */
export async function openDriverStream(request: Request, viewer: DriverViewer, deps?: StreamDeps): Promise<Response> {
  const started = await startDriverStream(request, viewer, deps);
  if (started instanceof Response) return started;
  const t = await requestTranslator();
  const message = t(started.over === "account" ? "live.errors.tooManyForAccount" : "live.errors.tooManyFromClient");
  return jsonError(429, message, { "retry-after": String(started.retryAfterSeconds) });
}
