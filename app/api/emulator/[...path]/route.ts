import { NextResponse } from "next/server";
import { getConfig } from "@/lib/config";
import { getEmbeddedPlatformEmulator } from "@/lib/platform/embedded";

/**
 * Demo mode only: the in-process platform emulator over HTTP at /api/emulator/…, so tests and
 * demos can use its control API (/api/emulator/__emulator/…) and its platform paths (with the
 * emulator key). Absent (404) whenever a real platform is configured.
 */
async function forward(request: Request, context: { params: Promise<{ path: string[] }> }): Promise<Response> {
  if (!getConfig().platform.embedded) return NextResponse.json({ error: "Not found" }, { status: 404 });
  const { path } = await context.params;
  const incoming = new URL(request.url);
  // Set as a path, never parsed as a URL: an empty first segment ("//…") must not read as a host.
  const target = new URL("http://platform-emulator.internal");
  target.pathname = `/${path.map(encodeURIComponent).join("/")}`;
  target.search = incoming.search;
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
  if (body && body.byteLength > 256 * 1024) return NextResponse.json({ message: "Request body too large." }, { status: 413 });
  return getEmbeddedPlatformEmulator().handle(new Request(target, { method: request.method, headers: request.headers, body }));
}

export { forward as GET, forward as POST, forward as PUT, forward as PATCH, forward as DELETE };
