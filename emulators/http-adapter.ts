import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Serves a Fetch-style handler (Request → Response) over node:http, so an emulator is one
 * pure function that runs both in process (the portal calls `handle` directly) and standalone.
 * Oversized bodies are refused here with 413 before the handler sees them.
 */
export type FetchHandler = (request: Request) => Promise<Response>;

export interface ServeOptions {
  port: number;
  host?: string;
  maxBodyBytes?: number;
}

export interface RunningServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

const DEFAULT_MAX_BODY_BYTES = 256 * 1024;

function jsonError(res: ServerResponse, status: number, message: string) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ message }));
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | "too-large"> {
  const declared = Number(req.headers["content-length"] ?? "0");
  if (declared > limit) return "too-large";
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return "too-large";
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const IDLE_CONNECTION_MS = 60_000;

/** The body as it comes, so a body that stalls stalls on the wire too; a client gone cancels it. */
async function sendBody(response: Response, res: ServerResponse): Promise<void> {
  if (!response.body) return void res.end();
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  res.once("close", cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
    res.end();
  } finally {
    res.off("close", cancel);
  }
}

export function serveFetchHandler(handler: FetchHandler, options: ServeOptions): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  const server = createServer(async (req, res) => {
    try {
      const body = req.method === "GET" || req.method === "HEAD" ? undefined : await readBody(req, limit);
      if (body === "too-large") {
        // Drain nothing more; tell the client and close this connection.
        res.setHeader("connection", "close");
        return jsonError(res, 413, `Request body exceeds ${limit} bytes.`);
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
        else if (value !== undefined) headers.set(name, value);
      }
      const request = new Request(`http://${req.headers.host ?? `${host}:${options.port}`}${req.url ?? "/"}`, {
        method: req.method,
        headers,
        body: body && body.length > 0 ? new Uint8Array(body) : undefined,
      });
      const response = await handler(request);
      const outHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        outHeaders[name] = value;
      });
      res.writeHead(response.status, outHeaders);
      await sendBody(response, res);
    } catch (error) {
      // A handler bug must still answer; the emulator's own code maps bad input to 4xx.
      console.error("[emulator] unhandled error", error);
      if (!res.headersSent) jsonError(res, 500, "Internal emulator error.");
      else res.end();
    }
  });

  // Node's default closes an idle connection after 5 s, and a client (undici) reuses it until a second before
  // that; on a loaded machine a reuse can meet the close and fail with ECONNRESET. A minute puts the close
  // beyond any pause between two calls of a test or a journey.
  server.keepAliveTimeout = IDLE_CONNECTION_MS;

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => {
      const address = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${address.port}`,
        server,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
