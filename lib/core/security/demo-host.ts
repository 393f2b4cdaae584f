/**
 * Demo mode serves every sign-in link at /dev/mailbox and all demo data through the emulator
 * bridge, so it answers only requests addressed to this machine by a loopback name. A page of
 * another site whose name an attacker re-points at 127.0.0.1 (DNS rebinding) reaches the port,
 * but its requests carry that site's name as Host. Any port; no middleware imports beyond this. Pure.
 */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether a Host header value (name and optional port) names this machine by a loopback name. */
export function isLoopbackHost(host: string | null): boolean {
  if (!host) return false;
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::\d{1,5})?$/i.exec(host.trim());
  return match !== null && LOOPBACK_HOSTS.has(match[1]!.toLowerCase());
}
