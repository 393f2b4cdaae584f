import { z } from "zod";
import { clientAddress } from "@/lib/core/auth/client-address";
import { isLoopbackAddress } from "@/lib/core/auth/loopback";
import { getConfig } from "@/lib/core/config";
import { requestTranslator } from "@/lib/core/auth/request-translator";
import { getEmbeddedPlatformEmulator } from "@/lib/platform/embedded";
import { paramsOrNotFound, RouteError } from "@/lib/core/route-handlers/route-error";
import { routeHandler } from "@/lib/core/route-handlers/route-handler";

const MAX_BODY_BYTES = 256 * 1024;

/** Demo mode and a loopback client, or the bridge is not there (404). */
async function loopbackInDemoMode(): Promise<null> {
  if (!getConfig().platform.embedded || !isLoopbackAddress(await clientAddress()))
    throw new RouteError(404, "demoBridge.notFound");
  return null;
}

/**
 * Demo mode only: the emulator over HTTP. It can reset and read every demo record, so loopback clients only, and writes
 * only from the portal's own origin (middleware.ts).
 */
const forward = routeHandler({
  scope: "emulator",
  words: { doing: "demoBridge.doing.reach" },
  access: loopbackInDemoMode,
  params: paramsOrNotFound(z.object({ path: z.array(z.string()) }), "demoBridge.notFound"),
  async run({ request, params }) {
    // Set as a path, never parsed as a URL: an empty first segment ("//…") must not read as a host.
    const target = new URL("http://platform-emulator.internal");
    target.pathname = `/${params.path.map(encodeURIComponent).join("/")}`;
    target.search = new URL(request.url).search;
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
    if (body && body.byteLength > MAX_BODY_BYTES) {
      const t = await requestTranslator();
      return Response.json({ message: t("demoBridge.bodyTooLarge") }, { status: 413 });
    }
    return getEmbeddedPlatformEmulator().handle(
      new Request(target, { method: request.method, headers: request.headers, body }),
    );
  },
});

export { forward as GET, forward as POST, forward as PUT, forward as PATCH, forward as DELETE };
