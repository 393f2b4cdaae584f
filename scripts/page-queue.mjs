// Preloaded into the portal's server process (PORTAL_NODE_ARGS: --import). Renders at most
// PAGE_CONCURRENCY pages and server actions at once (default 8; 0 turns the queue off) and starts the
// rest in the order they came. Why: Node accepts one new connection per turn of its event loop, so on a
// saturated server every render in flight lengthens that turn, and a driver's new connection waited
// 15-30 s while the median answer took 2 s (docs/quality.md, issue 37). A page gives its place up once
// its first bytes are sent (every driver page streams its shell before it reads the platform), and a
// page that waited MAX_QUEUE_WAIT_MS starts anyway, so pages held by a slow platform never hold the rest.
// Route handlers (/api/: health, metrics, live streams, downloads) and static files never queue.
import http from "node:http";

const DEFAULT_CONCURRENCY = 8;
const MAX_QUEUE_WAIT_MS = 10_000;
const configured = process.env.PAGE_CONCURRENCY ? Number(process.env.PAGE_CONCURRENCY) : DEFAULT_CONCURRENCY;
// lib/core/config.ts refuses a bad value at start; should this file ever see one, the default holds.
const concurrency = Number.isInteger(configured) && configured >= 0 ? configured : DEFAULT_CONCURRENCY;
let rendering = 0;
const waiting = [];

/** A page or a server action: not a route handler, not Next's own files, not a file with an extension. */
function rendersPage(request) {
  const path = (request.url ?? "/").split("?")[0];
  if (path.startsWith("/api/") || path.startsWith("/_next/")) return false;
  return !path.slice(path.lastIndexOf("/") + 1).includes(".");
}

function startWaiting() {
  while (rendering < concurrency && waiting.length > 0) waiting.shift()();
}

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function emitInTurn(event, request, response, ...rest) {
  if (concurrency === 0 || event !== "request" || !response || !rendersPage(request))
    return emit.call(this, event, request, response, ...rest);
  let state = "waiting";
  const giveUpPlace = () => {
    if (state !== "rendering") return;
    state = "done";
    rendering -= 1;
    startWaiting();
  };
  const start = () => {
    if (state !== "waiting") return;
    state = "rendering";
    rendering += 1;
    clearTimeout(timer);
    response.once("close", giveUpPlace);
    const writeHead = response.writeHead;
    response.writeHead = function writeHeadAndGiveUpPlace(...args) {
      queueMicrotask(giveUpPlace);
      return writeHead.apply(this, args);
    };
    emit.call(this, event, request, response, ...rest);
  };
  let timer;
  if (rendering < concurrency) {
    start();
    return true;
  }
  timer = setTimeout(() => {
    waiting.splice(waiting.indexOf(start), 1);
    start();
  }, MAX_QUEUE_WAIT_MS);
  waiting.push(start);
  // A driver who gave up waiting (closed the tab) leaves the queue.
  response.once("close", () => {
    if (state !== "waiting") return;
    state = "done";
    clearTimeout(timer);
    waiting.splice(waiting.indexOf(start), 1);
  });
  return true;
};
