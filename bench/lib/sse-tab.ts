import { request } from "node:http";

/**
 * One connection of a browser tab's EventSource to `/api/live`, over plain node:http so that each
 * simulated driver can come from a loopback address of its own (`localAddress`: 127.0.0.x), as real
 * drivers come from addresses of their own to nginx's and the portal's per-client limits.
 */

export interface SseFrame {
  id: number | null;
  event: string;
  data: string;
}

export type SseEnd = "server" | "client" | "error";

export interface SseConnection {
  /** The answer's status (0: no answer). */
  status: Promise<number>;
  /** How the connection ended: the server closed it (a lifetime, a drain), the tab did, or it failed. */
  ended: Promise<SseEnd>;
  close(): void;
}

export function openSse(
  url: URL,
  options: { cookie: string; localAddress: string; lastEventId: number | null },
  onFrame: (frame: SseFrame) => void,
): SseConnection {
  let settleStatus: (status: number) => void = () => {};
  let settleEnd: (end: SseEnd) => void = () => {};
  const status = new Promise<number>((resolve) => (settleStatus = resolve));
  const ended = new Promise<SseEnd>((resolve) => (settleEnd = resolve));
  let closedByTab = false;
  const headers: Record<string, string> = { cookie: options.cookie, accept: "text/event-stream" };
  if (options.lastEventId !== null) headers["last-event-id"] = String(options.lastEventId);

  const outgoing = request(
    {
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      headers,
      localAddress: options.localAddress,
      agent: false,
    },
    (response) => {
      settleStatus(response.statusCode ?? 0);
      if (response.statusCode !== 200) {
        response.resume();
        response.on("end", () => settleEnd("server"));
        return;
      }
      let buffer = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const lines = buffer.slice(0, end).split("\n");
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            lines
              .filter((line) => line.startsWith(`${name}: `))
              .map((line) => line.slice(name.length + 2))
              .join("\n");
          const data = field("data");
          if (data === "") continue;
          const id = field("id");
          onFrame({ id: /^\d+$/.test(id) ? Number(id) : null, event: field("event") || "message", data });
        }
      });
      response.on("end", () => settleEnd(closedByTab ? "client" : "server"));
      response.on("error", () => settleEnd(closedByTab ? "client" : "error"));
    },
  );
  outgoing.on("error", () => {
    settleStatus(0);
    settleEnd(closedByTab ? "client" : "error");
  });
  outgoing.end();
  return {
    status,
    ended,
    close() {
      closedByTab = true;
      outgoing.destroy();
      settleEnd("client");
    },
  };
}
