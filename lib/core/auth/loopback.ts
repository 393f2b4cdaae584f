/** 127.0.0.0/8, ::1 and IPv4-mapped loopback (::ffff:127.x), as a socket reports them. */
export function isLoopbackAddress(address: string): boolean {
  const plain = address.replace(/^::ffff:/i, "");
  return /^127(\.\d{1,3}){3}$/.test(plain) || plain === "::1";
}
