// Preloaded into the portal's server process (PORTAL_NODE_ARGS: --import). Next keeps a client-sent
// X-Forwarded-For as it is and adds the socket's address only when the header is missing, so the
// app cannot tell a forged entry from a real one. This hook appends the socket's address to the
// header on every request, exactly as a proxy does, before Next sees it. The app then counts
// TRUSTED_PROXY_HOPS entries from the right (lib/core/auth/client-address.ts): 0 is the socket itself.
import http from "node:http";

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function emitWithPeerAddress(event, request, ...rest) {
  if (event === "request" && request?.headers && request.socket) {
    const peer = request.socket.remoteAddress ?? "unknown";
    const forwarded = request.headers["x-forwarded-for"];
    const chain = Array.isArray(forwarded) ? forwarded.join(", ") : forwarded;
    request.headers["x-forwarded-for"] = chain ? `${chain}, ${peer}` : peer;
  }
  return emit.call(this, event, request, ...rest);
};
// Tells the app that the last X-Forwarded-For entry is the socket's own address.
globalThis.__driverPortalPeerAddressHook = true;
