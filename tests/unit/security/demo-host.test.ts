import { describe, expect, it } from "vitest";
import { isLoopbackHost } from "@/lib/core/security/demo-host";

describe("isLoopbackHost: the Host names demo mode answers to", () => {
  it("localhost, 127.0.0.1 and [::1], with or without a port, in any case", () => {
    for (const host of [
      "localhost",
      "localhost:3000",
      "LocalHost:1",
      "127.0.0.1",
      "127.0.0.1:65535",
      "[::1]",
      "[::1]:80",
    ])
      expect(isLoopbackHost(host), host).toBe(true);
  });

  it("nothing else: other names, other loopback addresses, a name that only starts like one, malformed values", () => {
    for (const host of [
      null,
      "",
      "evil.example",
      "localhost.evil.example",
      "localhost.",
      "127.0.0.1.nip.io",
      "127.0.0.2",
      "0.0.0.0",
      "::1",
      "[::2]",
      "[0:0:0:0:0:0:0:1]",
      "localhost:3000:1",
      "localhost:abc",
      "localhost:123456",
      "user@localhost",
    ])
      expect(isLoopbackHost(host), String(host)).toBe(false);
  });
});
