import { siteConfigFor } from "../../bench/lib/nginx-config";

/**
 * The nginx site of the multi-instance journeys (tests/e2e/multi-instance/): the shipped
 * deploy/nginx/driver-portal.conf with the journeys' addresses (siteConfigFor, as the bench makes
 * its own), so they run what ships: its upstream options, keep-alive, forwarded headers, retries,
 * unbuffered downloads, stream limits and the refusal of other host names (the journeys' names are
 * localhost and 127.0.0.1). Plus two things a test needs and production must not have:
 * - a request header `x-e2e-instance: a|b` pins a request to one instance (sign in on one, use the
 *   other), through one upstream group per instance;
 * - every answer names the instance that gave it (`x-e2e-upstream`, nginx's $upstream_addr).
 * Pure: throws when the shipped file no longer has a piece it replaces, so a change there is seen.
 */

export const PIN_HEADER = "x-e2e-instance";
export const UPSTREAM_HEADER = "x-e2e-upstream";

/** `text` with every match of `pattern` (global) replaced; throws when there is none. */
function replaceRequired(text: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(text)) throw new Error(`deploy/nginx/driver-portal.conf has no ${what}`);
  return text.replace(pattern, replacement);
}

export function clusterSiteConfig(
  shipped: string,
  { listenPort, instancePorts }: { listenPort: number; instancePorts: readonly [number, number] },
): string {
  const [a, b] = instancePorts;
  let site = siteConfigFor(shipped, {
    listen: `127.0.0.1:${listenPort}`,
    servers: instancePorts.map((port) => `127.0.0.1:${port}`),
    serverNames: ["localhost", "127.0.0.1"],
  });
  site = replaceRequired(site, /proxy_pass http:\/\/driver_portal;/g, "proxy_pass http://$e2e_upstream;", "proxy_pass");
  site = replaceRequired(
    site,
    /^\s*server_name localhost 127\.0\.0\.1;$/gm,
    `    server_name localhost 127.0.0.1;\n    add_header ${UPSTREAM_HEADER} $upstream_addr always;`,
    "portal `server_name`",
  );
  // The shipped idle limit, shorter than Node's: else nginx reuses a connection the instance is closing (a retried GET, a 502 POST).
  const idle = /^\s*keepalive_timeout\s+([^;]+);/m.exec(shipped)?.[1];
  if (!idle) throw new Error("deploy/nginx/driver-portal.conf has no upstream keepalive_timeout");
  const pinned = [
    `upstream e2e_instance_a { server 127.0.0.1:${a}; keepalive 8; keepalive_timeout ${idle}; }`,
    `upstream e2e_instance_b { server 127.0.0.1:${b}; keepalive 8; keepalive_timeout ${idle}; }`,
    `map $http_${PIN_HEADER.replace(/-/g, "_")} $e2e_upstream {`,
    "    a e2e_instance_a;",
    "    b e2e_instance_b;",
    "    default driver_portal;",
    "}",
  ].join("\n");
  return `${pinned}\n${site}`;
}
