import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAddressFrom } from "@/lib/core/auth/client-address";
import { PORTAL_NODE_ARGS } from "../../../scripts/portal-node-args.mjs";

/**
 * The portal's node options preload scripts/client-peer-address.mjs. This starts a real Node HTTP
 * server with exactly those options and shows what the app then reads: a client can write any
 * X-Forwarded-For it likes, but the socket's address is always the last entry.
 */
const SERVER = `
  const http = require("node:http");
  const server = http.createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ forwardedFor: req.headers["x-forwarded-for"], hook: globalThis.__driverPortalPeerAddressHook === true }));
  });
  server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

describe("the portal's node options: X-Forwarded-For ends with the socket's address", () => {
  let server: ChildProcess;
  let base: string;

  beforeAll(async () => {
    server = spawn(process.execPath, [...PORTAL_NODE_ARGS, "-e", SERVER], { stdio: ["ignore", "pipe", "inherit"] });
    const [chunk] = (await once(server.stdout!, "data")) as [Buffer];
    base = `http://127.0.0.1:${chunk.toString().trim()}`;
  });
  afterAll(async () => {
    // Stopped by its own pid.
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await once(server, "exit");
    }
  });

  async function seen(headers: Record<string, string>) {
    return (await (await fetch(base, { headers })).json()) as { forwardedFor: string; hook: boolean };
  }

  it("appends the socket's address to a header the client did not send", async () => {
    expect(await seen({})).toEqual({ forwardedFor: "127.0.0.1", hook: true });
  });

  it("with TRUSTED_PROXY_HOPS=0 a changing X-Forwarded-For always gives the socket's address", async () => {
    const addresses = new Set<string>();
    for (let i = 1; i <= 5; i++) {
      const { forwardedFor, hook } = await seen({ "x-forwarded-for": `198.51.100.${i}, 10.0.0.${i}` });
      expect(forwardedFor).toBe(`198.51.100.${i}, 10.0.0.${i}, 127.0.0.1`);
      addresses.add(clientAddressFrom(forwardedFor, 0, hook));
    }
    expect([...addresses]).toEqual(["127.0.0.1"]);
  });

  it("with TRUSTED_PROXY_HOPS=1 (one proxy on this machine) the proxy's appended entry is the client", async () => {
    // What nginx sends with `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for`: the
    // client's own header, then the client's address.
    const { forwardedFor, hook } = await seen({ "x-forwarded-for": "6.6.6.6, 203.0.113.9" });
    expect(clientAddressFrom(forwardedFor, 1, hook)).toBe("203.0.113.9");
  });
});
