/** Demo mode answers only loopback Host names: a DNS-rebinding page reaches the port but carries its own Host. Pure. */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether a Host header value (name and optional port) names this machine by a loopback name. */
export function isLoopbackHost(host: string | null): boolean {
  if (!host) return false;
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::\d{1,5})?$/i.exec(host.trim());
  return match !== null && LOOPBACK_HOSTS.has(match[1]!.toLowerCase());
}
