import { describe, expect, it } from "vitest";
import { clientAddressFrom } from "@/lib/core/auth/client-address";
import { isLoopbackAddress } from "@/lib/core/auth/loopback";

// With the portal's node options, the last X-Forwarded-For entry is always the socket's address
// (scripts/client-peer-address.mjs appends it): `peerAppended` below.
describe("clientAddressFrom: the client address for per-client limits", () => {
  it("with TRUSTED_PROXY_HOPS=0 is the socket's address, whatever the client wrote", () => {
    expect(clientAddressFrom("203.0.113.7", 0, true)).toBe("203.0.113.7");
    for (const forged of ["1.1.1.1", "2.2.2.2, 3.3.3.3", "unknown", ", ,"]) {
      expect(clientAddressFrom(`${forged}, 203.0.113.7`, 0, true)).toBe("203.0.113.7");
    }
  });

  it("with TRUSTED_PROXY_HOPS=1 is the address the proxy appended, not what the client wrote before it", () => {
    // client → nginx (appends the client's address) → portal (the hook appends nginx's address)
    expect(clientAddressFrom("198.51.100.4, 127.0.0.1", 1, true)).toBe("198.51.100.4");
    expect(clientAddressFrom("6.6.6.6, 198.51.100.4, 127.0.0.1", 1, true)).toBe("198.51.100.4");
    expect(clientAddressFrom("9.9.9.9, 6.6.6.6, 198.51.100.4, 127.0.0.1", 1, true)).toBe("198.51.100.4");
  });

  it("falls back to the leftmost entry when fewer proxies wrote than configured", () => {
    expect(clientAddressFrom("127.0.0.1", 2, true)).toBe("127.0.0.1");
  });

  it("is 'unknown' without any address", () => {
    expect(clientAddressFrom(null, 0, true)).toBe("unknown");
    expect(clientAddressFrom("", 0, false)).toBe("unknown");
  });
});

describe("isLoopbackAddress", () => {
  it("knows the loopback range in the forms a socket reports", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ["10.0.0.1", "192.0.2.2", "::ffff:10.0.0.1", "unknown", "", "127.0.0.1.evil", "1127.0.0.1"]) {
      expect(isLoopbackAddress(address), address).toBe(false);
    }
  });
});
