import { describe, expect, it } from "vitest";
import { clientAddressFrom, clientLimitKeyOf } from "@/lib/core/auth/client-address";
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

describe("clientLimitKeyOf: the key per-client limits count under (issue 33)", () => {
  it("keys every IPv6 address of one /64 alike, in any spelling", () => {
    const prefix = [
      "2001:db8:4:7::1",
      "2001:db8:4:7:ffff:ffff:ffff:fffe",
      "2001:0DB8:0004:0007:0000:0000:0000:0009",
      "[2001:db8:4:7::abcd]",
      "2001:db8:4:7:1:2:192.0.2.33",
      "2001:db8:4:7::1%eth0",
    ];
    for (const address of prefix) expect(clientLimitKeyOf(address), address).toBe("2001:db8:4:7::/64");
    expect(clientLimitKeyOf("2001:db8:4:8::1")).toBe("2001:db8:4:8::/64");
    expect(clientLimitKeyOf("2001:db8::")).toBe("2001:db8:0:0::/64");
  });

  it("keeps IPv4 as it is, also when written as IPv4-mapped IPv6", () => {
    expect(clientLimitKeyOf("192.0.2.1")).toBe("192.0.2.1");
    expect(clientLimitKeyOf("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(clientLimitKeyOf("::ffff:c000:201")).toBe("192.0.2.1");
    expect(clientLimitKeyOf("192.0.2.2")).not.toBe(clientLimitKeyOf("192.0.2.1"));
  });

  it("leaves anything that is no address as it came (lower-cased)", () => {
    for (const text of ["unknown", "1:2:3:4:5:6:7:8:9", "::1::2", "2001:db8::g", "1.2.3.256"])
      expect(clientLimitKeyOf(text), text).toBe(text);
  });
});
